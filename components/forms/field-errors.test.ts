import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/client/api-fetch";
import { formErrorsOf, humanizeIssue } from "./field-errors";

const validation = (issues: Array<{ path: string; message: string }>) =>
  new ApiRequestError(
    400,
    "bad_request",
    `Invalid ${issues[0]?.path}: ${issues[0]?.message}`,
    { location: "body", issues },
    "req-1",
  );

describe("humanizeIssue", () => {
  it.each([
    ["Invalid input: expected number, received null", "Enter a number."],
    ["Invalid input: expected number, received NaN", "Enter a number."],
    ["Invalid input: expected string, received undefined", "This field is required."],
    ["Too small: expected number to be >=-90", "Must be at least -90."],
    ["Too big: expected number to be <=180", "Must be at most 180."],
    ["Too small: expected string to have >=1 characters", "This field is required."],
    ["Too big: expected string to have <=100 characters", "Use at most 100 characters."],
    ['Invalid option: expected one of "car"|"bike"', "Choose one of car, bike."],
    ["Invalid URL", "Enter a full URL, e.g. https://example.com/hooks."],
    ["Give the key a name.", "Give the key a name."],
    ["Invalid input: must be https", "Must be https."],
  ])("%s → %s", (raw, plain) => {
    expect(humanizeIssue(raw)).toBe(plain);
  });
});

describe("formErrorsOf", () => {
  it("returns every field's error at once, mapped to the form's names", () => {
    const err = validation([
      { path: "latitude", message: "Invalid input: expected number, received null" },
      { path: "longitude", message: "Invalid input: expected number, received null" },
      { path: "change_rules.wind_kph_delta", message: "Too small: expected number to be >=0" },
      { path: "webhook_url", message: "Invalid URL" },
    ]);
    const f = formErrorsOf(err, { map: { latitude: "lat", longitude: "lng", "change_rules.wind_kph_delta": "wind" } });
    expect(f.fields).toEqual({
      lat: "Enter a number.",
      lng: "Enter a number.",
      wind: "Must be at least 0.",
      webhook_url: "Enter a full URL, e.g. https://example.com/hooks.",
    });
    expect(f.other).toEqual([]);
    expect(f).toMatchObject({ code: "bad_request", requestId: "req-1" });
  });

  it("sends issues for fields the form does not show to the alert, with a label", () => {
    const err = validation([
      { path: "target_ref.place_id", message: "Too big: expected string to have <=200 characters" },
    ]);
    const f = formErrorsOf(err, { fields: ["lat"], labels: { target_ref: "Place id" } });
    expect(f.fields).toEqual({});
    expect(f.other).toEqual(["Place id: Use at most 200 characters."]);
  });

  it("puts a domain error naming a field next to that field, and any other error in the alert", () => {
    const named = new ApiRequestError(409, "conflict", "That email is already registered.", { field: "email" });
    expect(formErrorsOf(named).fields).toEqual({ email: "That email is already registered." });
    const plain = new ApiRequestError(402, "billing_limit_reached", "Your free plan does not include watches.", null);
    expect(formErrorsOf(plain)).toMatchObject({
      fields: {},
      other: ["Your free plan does not include watches."],
      code: "billing_limit_reached",
    });
  });
});
