import { beforeAll, describe, expect, it } from "vitest";
import { distanceKm } from "./types";
import { normalizePlaceName } from "./normalize";
import { placeResolver, type PlaceResolver } from "./resolve-place";

let r: PlaceResolver;
beforeAll(async () => {
  r = await placeResolver();
});

const lisbon = [{ lat: 38.7813, lng: -9.1359 }];
const within = (p: { lat: number; lng: number } | null | undefined, lat: number, lng: number, deg: number) =>
  !!p && Math.abs(p.lat - lat) <= deg && Math.abs(p.lng - lng) <= deg;

describe("place resolution (offline gazetteer + OpenFlights airports)", () => {
  it("normalises case, accents and punctuation", () => {
    expect(normalizePlaceName("  Zürich ")).toBe("zurich");
    expect(normalizePlaceName("Saint-Louis")).toBe("saint louis");
    expect(normalizePlaceName("São Paulo!")).toBe("sao paulo");
  });

  it("finds Sintra inside free text, near the trip's other events", async () => {
    const out = await r.resolve(
      { type: "activity", location: "Sintra day trip" },
      { zone: "Europe/Lisbon", nearby: () => lisbon },
    );
    expect(out.geo).toMatchObject({
      source: "gazetteer",
      name: "Sintra",
      country_code: "PT",
      time_zone: "Europe/Lisbon",
    });
    expect(within(out.geo, 38.8, -9.38, 0.3)).toBe(true);
  });

  it("prefers the candidate nearest the trip's other events over the most populous one", async () => {
    const nearTexas = await r.resolve(
      { type: "activity", location: "Paris" },
      { zone: "UTC", nearby: () => [{ lat: 32.78, lng: -96.8 }] },
    );
    expect(nearTexas.geo).toMatchObject({ name: "Paris", country_code: "US" });
    const alone = await r.resolve({ type: "activity", location: "Paris" }, { zone: "UTC" });
    expect(alone.geo).toMatchObject({ name: "Paris", country_code: "FR" });
  });

  it("uses the trip's zone as a hint when nothing else is placed", async () => {
    const out = await r.resolve({ type: "activity", location: "Paris" }, { zone: "America/Chicago" });
    expect(out.geo).toMatchObject({ country_code: "US", time_zone: "America/Chicago" });
    const lisbonZone = await r.resolve({ type: "activity", location: "Lisbon" }, { zone: "Europe/Lisbon" });
    expect(lisbonZone.geo).toMatchObject({ country_code: "PT" });
  });

  it("reads addresses: postcodes and house numbers ignored, local names known, the country part restricts", async () => {
    const out = await r.resolve(
      { type: "accommodation", address: "Rua Garrett 120, 1200-205 Lisboa, Portugal", location: "Hotel" },
      { zone: "Europe/Lisbon" },
    );
    expect(out.geo).toMatchObject({ name: "Lisbon", country_code: "PT", source: "gazetteer" });
    const dinner = await r.resolve(
      { type: "food", location: "Taberna da Rua das Flores, Rua das Flores 103, Lisboa" },
      { zone: "Europe/Lisbon", nearby: () => lisbon },
    );
    expect(dinner.geo?.name).toBe("Lisbon");
  });

  it("does not take a word of the text for a far-away town", async () => {
    // "Flores" is a town in Brazil and Guatemala: far from Lisbon and in another zone.
    const out = await r.resolve(
      { type: "food", location: "Rua das Flores 103" },
      { zone: "Europe/Lisbon", nearby: () => lisbon },
    );
    expect(out).toEqual({ geo: null, arrival: null, reason: "place_not_found" });
    const lower = await r.resolve({ type: "activity", location: "Somewhere nice" }, { zone: "UTC" });
    expect(lower.reason).toBe("place_not_found");
  });

  it("places flights at their airports, each with its own zone", async () => {
    const out = await r.resolve(
      { type: "flight", departureAirport: "ZRH", arrivalAirport: "lis" },
      { zone: "Europe/Zurich" },
    );
    expect(out.geo).toMatchObject({ source: "airport", country_code: "CH", time_zone: "Europe/Zurich" });
    expect(out.arrival).toMatchObject({ source: "airport", country_code: "PT", time_zone: "Europe/Lisbon" });
    expect(distanceKm(out.arrival!, { lat: 38.7813, lng: -9.1359 })).toBeLessThan(2);
    const unknown = await r.resolve(
      { type: "flight", departureAirport: "QQQ", arrivalAirport: "LIS" },
      { zone: "UTC" },
    );
    expect(unknown.reason).toBe("airport_not_found");
    expect(unknown.arrival?.country_code).toBe("PT");
  });

  it("keeps given coordinates and names them", async () => {
    const out = await r.resolve({ type: "activity", lat: 38.7, lng: -9.1, location: null }, { zone: "UTC" });
    expect(out.geo).toMatchObject({
      lat: 38.7,
      lng: -9.1,
      source: "given",
      country_code: "PT",
      time_zone: "Europe/Lisbon",
    });
    const none = await r.resolve({ type: "activity" }, { zone: "UTC" });
    expect(none).toEqual({ geo: null, arrival: null, reason: "no_place" });
  });

  it("asks for the trip's other events only when the text is ambiguous", async () => {
    let asked = 0;
    await r.resolve(
      { type: "activity", location: "Sintra" },
      { zone: "Europe/Lisbon", nearby: () => (asked++, lisbon) },
    );
    expect(asked).toBe(0);
    await r.resolve(
      { type: "activity", location: "Lisbon" },
      { zone: "Europe/Lisbon", nearby: () => (asked++, lisbon) },
    );
    expect(asked).toBe(1);
  });
});
