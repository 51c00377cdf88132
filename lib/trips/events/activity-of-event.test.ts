import { describe, expect, it } from "vitest";
import { activityProfile } from "@/lib/weather/core";
import { activityOfEvent } from "./activity-of-event";

describe("activityOfEvent: water activities are small craft (issue 38 item 5)", () => {
  it.each([
    "Sea kayak tour around Kerrera",
    "Lake Wakatipu kayak",
    "Sailing in the Solent",
    "Capri boat tour",
    "Snorkelling at Hanauma Bay",
    "Surf lesson",
    "Fishing trip",
    "Stand-up paddle",
    "Rafting on the Kawarau",
  ])(
    "%s is judged as boat_tour (small craft, outdoors), as trip weather, the watch and the planner all read it",
    (title) => {
      const a = activityOfEvent({ type: "activity", title }).activity_type;
      expect(a).toBe("boat_tour");
      expect(activityProfile(a)).toMatchObject({ outdoor: true, smallCraft: true });
    },
  );

  it("a ferry or a cruise stays a large ferry; a beach day stays a beach; the member's own type wins", () => {
    expect(activityOfEvent({ type: "activity", title: "Cruise on the Douro" }).activity_type).toBe("ferry");
    expect(activityOfEvent({ type: "activity", title: "Beach day" }).activity_type).toBe("beach");
    expect(activityOfEvent({ type: "activity", title: "Kayak", activityType: "museum" }).activity_type).toBe("museum");
  });

  it.each(["surfing", "snorkelling", "snorkeling", "fishing", "kayaking", "sailing"])(
    "a member's activity type %s has the small-craft profile, not the outdoor default without waves",
    (type) => expect(activityProfile(type)).toMatchObject({ name: "boat_tour", smallCraft: true }),
  );

  it("a performance in a hall is indoors (teatro, Staatsoper, ballet, a symphony, a musical); an open-air one and a musical walk are not", () => {
    const of = (title: string) => activityOfEvent({ type: "activity", title }).activity_type;
    for (const title of [
      "Matinee at the Teatro Nacional D. Maria II",
      "Staatsoper: Die Zauberflöte",
      "Théâtre du Châtelet",
      "Swan Lake (ballet)",
      "Berlin Philharmonic",
      "Vienna Symphony at the Musikverein",
      "Hamilton, the musical",
      "Piano recital",
    ])
      expect(of(title), title).toBe("museum");
    expect(of("Open-air cinema on the beach")).toBe("beach");
    expect(of("Open-air opera festival")).toBe("event");
    expect(of("Musical walking tour of Vienna")).toBe("walking_tour");
  });
});
