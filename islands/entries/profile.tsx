import { hydrateIslands } from "../runtime/hydrate";
import { ProfilePictureDialog } from "../profile-picture-dialog";

hydrateIslands({ "profile-picture": ProfilePictureDialog });
