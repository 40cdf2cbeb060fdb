import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import { useT } from "../../../islands/runtime/i18n-context";
import { ValuesQuestions, type ValuesQuestionsProps } from "../../../islands/values/values-questions";
import { currentUser, requirePage } from "../../middleware/guards";
import { AppShell, PageHeader } from "../../views/components";
import { Island } from "../../views/island";
import type { RenderPage } from "../../views/render";
import { questionsFor } from "./questions.service";

function QuestionsPage({ props }: { props: ValuesQuestionsProps }) {
  const t = useT();
  return (
    <AppShell active="profile">
      <div className="profile-editor-page values-page">
        <PageHeader title={t("profile.values.title")} back="/profile" />
        <p className="muted values-lead">{t("profile.values.lead")}</p>
        <div className="card profile-editor-card">
          <Island name="values-questions" component={ValuesQuestions} props={props} />
        </div>
      </div>
    </AppShell>
  );
}

/** /profile/questions: the member's values questions (docs/decisions/0133); like /profile, it needs a photo. */
export function questionsPages(deps: AppDeps, render: RenderPage) {
  return new Hono<AppEnv>().get("/profile/questions", requirePage("withPhoto"), async (c) => {
    const questions = await questionsFor(deps.db, currentUser(c).id, c.get("lang"));
    return render(c, { title: c.get("t")("profile.values.title"), entry: "values-questions", namespaces: ["profile"] }, <QuestionsPage props={{ questions }} />);
  });
}
