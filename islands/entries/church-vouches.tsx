import { hydrateIslands } from "../runtime/hydrate";
import { ChurchVouches } from "../vouches/church-vouches";

hydrateIslands({ "church-vouches": ChurchVouches });
