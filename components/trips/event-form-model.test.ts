import { describe, expect, it } from "vitest";
import { checkEvent, eventPayload } from "./add-event-form";
import { staysByDay } from "./itinerary-timeline";
import type { Itinerary, TripEvent } from "./types";

const blank = {
  type: "activity",
  title: "",
  date: "",
  time: "",
  endDate: "",
  endTime: "",
  location: "",
  arrivalLocation: "",
  cost: "",
  notes: "",
  fixed: "",
  departureAirport: "",
  arrivalAirport: "",
  flightNumber: "",
  airline: "",
  subtype: "",
  address: "",
};

describe("add event form: what is checked and sent", () => {
  it("a transport's local times go without offsets (the server reads each end in its place's zone); an earlier arrival clock is allowed", () => {
    const v = {
      ...blank,
      type: "train",
      title: "Eurostar",
      date: "2027-06-01",
      time: "09:01",
      endTime: "08:20",
      location: "London",
      arrivalLocation: "Paris",
      fixed: "on",
    };
    expect(checkEvent(v)).toEqual({});
    expect(eventPayload(v)).toEqual({
      type: "train",
      title: "Eurostar",
      startDateTime: "2027-06-01T09:01:00",
      endDateTime: "2027-06-01T08:20:00",
      location: "London",
      arrivalLocation: "Paris",
      fixed: true,
    });
    expect(checkEvent({ ...v, arrivalLocation: "" })).toHaveProperty("arrivalLocation");
    expect(
      checkEvent({ ...blank, type: "activity", title: "Walk", date: "2027-06-01", time: "10:00", endTime: "09:00" }),
    ).toHaveProperty("endTime");
  });

  it("a stay needs a check-out day after its check-in day and sends both as its span", () => {
    const v = {
      ...blank,
      type: "accommodation",
      title: "Casa",
      date: "2027-05-04",
      time: "15:00",
      endDate: "2027-05-04",
      endTime: "11:00",
      address: "Rua Garrett 120, Lisboa",
    };
    expect(checkEvent(v)).toHaveProperty("endDate");
    const ok = { ...v, endDate: "2027-05-07" };
    expect(checkEvent(ok)).toEqual({});
    expect(eventPayload(ok)).toMatchObject({
      startDateTime: "2027-05-04T15:00:00",
      endDateTime: "2027-05-07T11:00:00",
      checkInTime: "15:00",
      checkOutTime: "11:00",
      address: "Rua Garrett 120, Lisboa",
    });
    expect(eventPayload(ok)).not.toHaveProperty("fixed");
  });
});

describe("timeline: a stay is on every day it spans", () => {
  it("lists the days after check-in up to the check-out day, in the trip's zone", () => {
    const stay = {
      id: 1,
      type: "accommodation",
      title: "Casa",
      startDateTime: "2027-05-04T15:00:00+01:00",
      endDateTime: "2027-05-07T11:00:00+01:00",
      timeZone: "Europe/Lisbon",
    } as TripEvent;
    const walk = {
      id: 2,
      type: "activity",
      title: "Walk",
      startDateTime: "2027-05-05T10:00:00+01:00",
      endDateTime: null,
      timeZone: "Europe/Lisbon",
    } as TripEvent;
    const it = { trip_id: 1, revision: 2, time_zone: "Europe/Lisbon", events: [stay, walk] } as Itinerary;
    expect([...staysByDay(it).keys()]).toEqual(["2027-05-05", "2027-05-06", "2027-05-07"]);
    // In a zone 10 hours ahead the check-out (10:00 UTC) is on the evening of the 7th still.
    expect([...staysByDay({ ...it, time_zone: "Pacific/Guam" }).keys()]).toEqual(["2027-05-06", "2027-05-07"]);
  });
});
