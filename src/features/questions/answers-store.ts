/**
 * Members' values answers in the database (values_answers, keyed by member and question) and the
 * match of a viewer with a list of people (docs/decisions/0133). Answers never leave this module
 * for anyone but their author: others get a %, and the questions both made public as reasons.
 */
import type { Database } from "../../../db/client";
import { fixedRows } from "../../../db/prepared";
import { answerSet, matchOf, type AnswerSet, type MemberAnswer } from "./match-percent";
import { findQuestion, IMPORTANCE_POINTS, type Importance } from "./question-bank";
import type { Lang } from "../../i18n";

interface AnswerRow {
  user_id: string;
  question_id: string;
  answer_id: string;
  acceptable: string;
  importance: string;
  is_public: number;
}

/**
 * ?1 a JSON array of member ids: their answers, one range of the table's key each (WITHOUT ROWID,
 * every column in the b-tree), so a deck's candidates cost one statement and no other index.
 */
export const ANSWERS_OF_SQL = `select user_id, question_id, answer_id, acceptable, importance, is_public from values_answers where user_id in (select value from json_each(?1))`;

/**
 * ANSWERS_OF_SQL narrowed to ?2, a JSON array of question ids (the viewer's): the others'
 * answers to anything else count for nothing in a match, so they are not read. Both columns of
 * the key: one short range or point per member and question.
 */
export const ANSWERS_TO_SQL = `${ANSWERS_OF_SQL} and question_id in (select value from json_each(?2))`;

function toAnswer(row: AnswerRow): MemberAnswer | null {
  // An answer to a question or of an importance no longer known counts for nothing.
  if (findQuestion(row.question_id) === undefined || !(row.importance in IMPORTANCE_POINTS)) return null;
  let acceptable: unknown;
  try {
    acceptable = JSON.parse(row.acceptable);
  } catch {
    return null;
  }
  if (!Array.isArray(acceptable)) return null;
  return { questionId: row.question_id, answer: row.answer_id, acceptable: acceptable.filter((id): id is string => typeof id === "string"), importance: row.importance as Importance, isPublic: row.is_public === 1 };
}

/** The answers of each of `userIds` (an empty set for those who answered nothing), to `questionIds` only when given. */
export async function answersOf(db: Database, userIds: readonly string[], questionIds?: readonly string[]): Promise<Map<string, AnswerSet>> {
  const byUser = new Map<string, MemberAnswer[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return new Map();
  const rows =
    questionIds === undefined
      ? await fixedRows<AnswerRow>(db, ANSWERS_OF_SQL, [JSON.stringify(userIds)])
      : await fixedRows<AnswerRow>(db, ANSWERS_TO_SQL, [JSON.stringify(userIds), JSON.stringify(questionIds)]);
  for (const row of rows) {
    const answer = toAnswer(row);
    if (answer !== null) byUser.get(row.user_id)?.push(answer);
  }
  return new Map([...byUser].map(([id, answers]) => [id, answerSet(answers)]));
}

/** How long a viewer's own answers are kept between Discover calls (as long as a kept deck). */
export const OWN_ANSWERS_TTL_MS = 2 * 60_000;
const OWN_ANSWERS_ENTRIES = 5_000;

/**
 * A viewer's own answers, kept per instance: every Discover call compares them with its cards.
 * A write on this instance drops them at once (forgetOwnAnswers); one on another instance shows
 * here within OWN_ANSWERS_TTL_MS.
 */
class OwnAnswers {
  readonly #kept = new Map<string, { at: number; answers: AnswerSet }>();

  get(userId: string, nowMs: number): AnswerSet | undefined {
    const kept = this.#kept.get(userId);
    if (kept === undefined || nowMs - kept.at >= OWN_ANSWERS_TTL_MS || nowMs < kept.at) return undefined;
    return kept.answers;
  }

  keep(userId: string, nowMs: number, answers: AnswerSet): void {
    this.#kept.delete(userId);
    this.#kept.set(userId, { at: nowMs, answers });
    if (this.#kept.size > OWN_ANSWERS_ENTRIES) this.#kept.delete(this.#kept.keys().next().value!);
  }

  forget(userId: string): void {
    this.#kept.delete(userId);
  }
}

const ownAnswers = new WeakMap<Database, OwnAnswers>();

function ownAnswersFor(db: Database): OwnAnswers {
  let kept = ownAnswers.get(db);
  if (kept === undefined) ownAnswers.set(db, (kept = new OwnAnswers()));
  return kept;
}

export function forgetOwnAnswers(db: Database, userId: string): void {
  ownAnswersFor(db).forget(userId);
}

/** What one person's card, profile or match entry says about the match. */
export interface MatchView {
  matchPercent: number | null;
  /** Question texts in the viewer's language: up to 3 agreeing, then 1 differing. */
  matchReasons: { questionId: string; text: string; agrees: boolean }[];
  /** A mandatory question failed either way: never on each other's deck. */
  excluded: boolean;
}

export const NO_MATCH: MatchView = { matchPercent: null, matchReasons: [], excluded: false };

/**
 * The viewer's match with each of `others`: one statement for the others' answers (and the
 * viewer's own when not kept).
 */
export async function matchesWith(db: Database, viewerId: string, others: readonly string[], lang: Lang, nowMs: number): Promise<Map<string, MatchView>> {
  const result = new Map<string, MatchView>();
  if (others.length === 0) return result;
  const kept = ownAnswersFor(db);
  let mine = kept.get(viewerId, nowMs);
  // A viewer who answered nothing has no % with anyone and fails nobody's mandatory question: nothing to read.
  if (mine !== undefined && mine.size === 0) {
    for (const id of others) result.set(id, NO_MATCH);
    return result;
  }
  // With the viewer's answers kept, only the others' answers to the same questions are read.
  const answers = mine === undefined ? await answersOf(db, [viewerId, ...others]) : await answersOf(db, others, [...mine.keys()]);
  if (mine === undefined) {
    mine = answers.get(viewerId)!;
    kept.keep(viewerId, nowMs, mine);
  }
  for (const id of others) {
    const theirs = answers.get(id);
    if (theirs === undefined || theirs.size === 0 || mine.size === 0) {
      result.set(id, NO_MATCH);
      continue;
    }
    const match = matchOf(mine, theirs);
    result.set(id, {
      matchPercent: match.percent,
      excluded: match.excluded,
      matchReasons: match.reasons.map((reason) => ({ questionId: reason.questionId, text: findQuestion(reason.questionId)!.text[lang], agrees: reason.agrees })),
    });
  }
  return result;
}
