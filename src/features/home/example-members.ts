/**
 * The landing's example members (docs/decisions/0139): drawn portraits from the demo set's
 * generator with invented names, shown under an "Examples" label. They are illustrations, never
 * real members, so the landing shows people without claiming who is near the visitor.
 */
import { randomLook, renderPortrait } from "../../../db/demo/portrait";
import { Random } from "../../../db/demo/random";

export interface ExampleMember {
  name: string;
  age: number;
  city: string;
  church: string;
  verified: boolean;
  gender: "male" | "female";
  /** The portrait's seed and skin-tone range (indexes into the generator's tones). */
  seed: number;
  skin: [number, number];
}

export const EXAMPLE_MEMBERS: readonly ExampleMember[] = [
  { name: "Grace", age: 27, city: "Manado", church: "GMIM", verified: true, gender: "female", seed: 36_601, skin: [1, 3] },
  { name: "Yohanes", age: 31, city: "Kupang", church: "GMIT", verified: false, gender: "male", seed: 36_602, skin: [5, 7] },
  { name: "Ruth", age: 29, city: "Medan", church: "HKBP", verified: true, gender: "female", seed: 36_603, skin: [2, 4] },
];

/** Where the page asks for example `index`'s portrait. */
export const examplePortraitPath = (index: number) => `/landing/example-${index}.jpg`;

const portraits = new Map<number, Uint8Array>();

/** The JPEG of example `index` (drawn once per process, about a millisecond), or null for no such example. */
export function examplePortrait(index: number): Uint8Array | null {
  const member = EXAMPLE_MEMBERS[index];
  if (member === undefined) return null;
  let bytes = portraits.get(index);
  if (bytes === undefined) {
    const random = new Random(member.seed);
    bytes = renderPortrait(randomLook(random, member.gender, member.skin), 0, random).bytes;
    portraits.set(index, bytes);
  }
  return bytes;
}
