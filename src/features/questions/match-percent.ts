/**
 * The match % of two members (MATCHING.md 'Values questions', OkCupid's published method;
 * docs/decisions/0133). Pure: no database, no server imports.
 *
 * For A, satA = the importance points of A's questions that B answered where B's answer is one A
 * accepts, over A's importance points on the questions both answered; satB likewise; the match is
 * sqrt(satA × satB), less the margin of error 1/n (n questions both answered), floored to a whole
 * percent. Null below MIN_COMMON_QUESTIONS or when either side gave no points on the common
 * questions. A mandatory question the other's answer fails, either way, keeps the pair apart.
 */
import { IMPORTANCE_POINTS, QUESTIONS, type Importance } from "./question-bank";

/** Questions both must have answered before a % is shown. */
export const MIN_COMMON_QUESTIONS = 10;
/** Agreeing questions named as reasons, and differing ones. */
export const REASONS_AGREEING = 3;
export const REASONS_DIFFERING = 1;

export interface MemberAnswer {
  questionId: string;
  answer: string;
  acceptable: readonly string[];
  importance: Importance;
  /** The question (never the answer) may be named as a reason. */
  isPublic: boolean;
}

export type AnswerSet = ReadonlyMap<string, MemberAnswer>;

export interface MatchReason {
  questionId: string;
  agrees: boolean;
}

export interface Match {
  /** Whole percent, or null (too few questions in common, or no points on either side). */
  percent: number | null;
  /** A mandatory question answered unacceptably, either way: never on each other's deck. */
  excluded: boolean;
  /** Up to REASONS_AGREEING agreeing and REASONS_DIFFERING differing questions both marked public; empty while percent is null. */
  reasons: MatchReason[];
}

export function answerSet(answers: Iterable<MemberAnswer>): AnswerSet {
  return new Map([...answers].map((answer) => [answer.questionId, answer]));
}

const accepts = (mine: MemberAnswer, theirs: MemberAnswer) => mine.acceptable.includes(theirs.answer);

/** Reasons of equal weight come in the bank's order, whatever order the answers were read in. */
const bankOrder = new Map(QUESTIONS.map((question, index) => [question.id, index]));
const orderOf = (questionId: string) => bankOrder.get(questionId) ?? Number.MAX_SAFE_INTEGER;

/** A's view of B and B's of A are the same figure: the result does not depend on the order. */
export function matchOf(a: AnswerSet, b: AnswerSet): Match {
  let n = 0;
  let pointsA = 0;
  let earnedA = 0;
  let pointsB = 0;
  let earnedB = 0;
  let excluded = false;
  const agreeing: { questionId: string; weight: number }[] = [];
  const differing: { questionId: string; weight: number }[] = [];
  // The smaller set drives the walk: a viewer with 40 answers against a candidate with 10.
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const [questionId, fromSmall] of small) {
    const fromLarge = large.get(questionId);
    if (fromLarge === undefined) continue;
    const [x, y] = small === a ? [fromSmall, fromLarge] : [fromLarge, fromSmall];
    n++;
    const xPoints = IMPORTANCE_POINTS[x.importance];
    const yPoints = IMPORTANCE_POINTS[y.importance];
    const xAccepts = accepts(x, y);
    const yAccepts = accepts(y, x);
    pointsA += xPoints;
    pointsB += yPoints;
    if (xAccepts) earnedA += xPoints;
    if (yAccepts) earnedB += yPoints;
    if ((x.importance === "mandatory" && !xAccepts) || (y.importance === "mandatory" && !yAccepts)) excluded = true;
    if (x.isPublic && y.isPublic && xPoints + yPoints > 0) (xAccepts && yAccepts ? agreeing : differing).push({ questionId, weight: xPoints + yPoints });
  }
  if (n < MIN_COMMON_QUESTIONS || pointsA === 0 || pointsB === 0) return { percent: null, excluded, reasons: [] };
  const match = Math.sqrt((earnedA / pointsA) * (earnedB / pointsB));
  // The epsilon keeps 0.87 from flooring to 86 through binary fractions.
  const percent = Math.floor(Math.max(0, match - 1 / n) * 100 + 1e-9);
  const heaviest = (list: { questionId: string; weight: number }[], count: number, agrees: boolean) =>
    list
      .sort((left, right) => right.weight - left.weight || orderOf(left.questionId) - orderOf(right.questionId) || (left.questionId < right.questionId ? -1 : 1))
      .slice(0, count)
      .map(({ questionId }) => ({ questionId, agrees }));
  return { percent, excluded, reasons: [...heaviest(agreeing, REASONS_AGREEING, true), ...heaviest(differing, REASONS_DIFFERING, false)] };
}

/** A % for ordering: a null % counts as this (MATCHING.md: 'a null % ranks as 50'). */
export const UNKNOWN_MATCH_RANKS_AS = 50;
