import { describe, expect, test } from "bun:test";
import { CITIES, distanceKm, findCity } from "./cities";

describe("cities", () => {
  test("every city has a unique slug id and a position inside Indonesia", () => {
    expect(new Set(CITIES.map((city) => city.id)).size).toBe(CITIES.length);
    expect(CITIES.length).toBeGreaterThanOrEqual(40);
    for (const city of CITIES) {
      expect(city.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(city.lat).toBeGreaterThan(-11.5);
      expect(city.lat).toBeLessThan(6.5);
      expect(city.lng).toBeGreaterThan(94.5);
      expect(city.lng).toBeLessThan(141.5);
    }
  });

  test("findCity returns the city for a known id and nothing for an unknown one", () => {
    expect(findCity("manado")?.province).toBe("Sulawesi Utara");
    expect(findCity("atlantis")).toBeUndefined();
  });

  test("distanceKm gives great-circle distances between city centres", () => {
    const jakarta = findCity("jakarta")!;
    expect(distanceKm(jakarta, jakarta)).toBe(0);
    // Jakarta–Bandung is about 120 km, Jakarta–Surabaya about 660 km as the crow flies.
    expect(distanceKm(jakarta, findCity("bandung")!)).toBeGreaterThan(110);
    expect(distanceKm(jakarta, findCity("bandung")!)).toBeLessThan(130);
    expect(distanceKm(jakarta, findCity("surabaya")!)).toBeGreaterThan(640);
    expect(distanceKm(jakarta, findCity("surabaya")!)).toBeLessThan(680);
    expect(distanceKm(findCity("manado")!, findCity("tomohon")!)).toBeLessThan(25);
  });
});
