import { hydrateIslands } from "../runtime/hydrate";
import { ValuesQuestions } from "../values/values-questions";

hydrateIslands({ "values-questions": ValuesQuestions });
