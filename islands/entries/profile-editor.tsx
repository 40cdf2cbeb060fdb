import { hydrateIslands } from "../runtime/hydrate";
import { ProfileEditor } from "../profile-editor";

hydrateIslands({ "profile-editor": ProfileEditor });
