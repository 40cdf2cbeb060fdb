import { hydrateIslands } from "../runtime/hydrate";
import { VouchForm } from "../vouches/vouch-form";

hydrateIslands({ "vouch-form": VouchForm });
