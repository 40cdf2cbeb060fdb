export * from "./users";
export * from "./profiles";
export * from "./matching";
export * from "./admin";
export * from "./payments";
export * from "./verification";
export * from "./push";
export * from "./faith";
