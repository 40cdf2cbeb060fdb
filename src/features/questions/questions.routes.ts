import { Hono, type Context } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import { currentUser, requireUser } from "../../middleware/guards";
import { describeRoutes } from "../api-docs/describe-routes";
import { findQuestion } from "./question-bank";
import { answerBodySchema, checkAgainstQuestion, QUESTION_MESSAGES } from "./questions.schemas";
import { deleteAnswer, questionsFor, saveAnswer } from "./questions.service";
import { questionsApiDocs } from "./questions.api-docs";

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/**
 * Values questions (MATCHING.md 'Values questions', docs/decisions/0133): every call acts on the
 * caller's own answers; no call answers anyone else's.
 */
export function questionsRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>()
    .use("/questions", requireUser)
    .use("/questions/*", requireUser)
    .get("/questions", async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ questions: await questionsFor(deps.db, currentUser(c).id, c.get("lang")) });
    })
    .put("/questions/:questionId/answer", async (c) => {
      const questionId = c.req.param("questionId");
      if (findQuestion(questionId) === undefined || findQuestion(questionId)!.retired) return c.json({ message: QUESTION_MESSAGES.notFound }, 404);
      const parsed = answerBodySchema.safeParse(await readJson(c));
      if (!parsed.success) return c.json({ message: parsed.error.issues[0]?.message ?? "Invalid request" }, 400);
      const checked = checkAgainstQuestion(questionId, parsed.data);
      if (!checked.ok) return c.json({ message: checked.message }, 400);
      const saved = await saveAnswer(deps.db, currentUser(c).id, questionId, deps.clock.now(), {
        answer: parsed.data.answer,
        acceptable: checked.acceptable,
        importance: parsed.data.importance,
        public: parsed.data.public ?? true,
      });
      return c.json({ id: questionId, mine: saved });
    })
    .delete("/questions/:questionId/answer", async (c) => {
      const questionId = c.req.param("questionId");
      if (findQuestion(questionId) === undefined) return c.json({ message: QUESTION_MESSAGES.notFound }, 404);
      const removed = await deleteAnswer(deps.db, currentUser(c).id, questionId);
      return removed ? c.json({ message: "Answer removed" }) : c.json({ message: "No answer to remove" }, 404);
    });
  return describeRoutes(routes, questionsApiDocs);
}
