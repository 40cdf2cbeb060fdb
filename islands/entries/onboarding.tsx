import { hydrateIslands } from "../runtime/hydrate";
import { Onboarding } from "../onboarding/onboarding";

hydrateIslands({ onboarding: Onboarding });
