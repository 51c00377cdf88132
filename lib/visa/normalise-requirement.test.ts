import { describe, expect, it } from "vitest";
import { normaliseRequirement } from "./normalise-requirement";

describe("normaliseRequirement", () => {
  it("maps every Passport Index value, current and legacy, to a category", () => {
    expect(normaliseRequirement("90")).toEqual({ category: "visa_free", allowedStayDays: 90 });
    expect(normaliseRequirement("visa free")).toEqual({ category: "visa_free", allowedStayDays: null });
    expect(normaliseRequirement("Visa On Arrival")).toEqual({ category: "visa_on_arrival", allowedStayDays: null });
    expect(normaliseRequirement("e-visa")).toEqual({ category: "e_visa", allowedStayDays: null });
    expect(normaliseRequirement("eta")).toEqual({ category: "eta", allowedStayDays: null });
    expect(normaliseRequirement(" visa  required ")).toEqual({ category: "visa_required", allowedStayDays: null });
    expect(normaliseRequirement("no admission")).toEqual({ category: "no_admission", allowedStayDays: null });
    expect(normaliseRequirement("covid ban")).toEqual({ category: "covid_ban", allowedStayDays: null });
    expect(normaliseRequirement("Hayya Entry Permit")).toEqual({ category: "special_permit", allowedStayDays: null });
    expect(normaliseRequirement("-1")).toBe("same_country");
  });

  it("refuses what it does not know instead of guessing", () => {
    for (const v of ["", "0", "maybe", "NA", "visa", "12.5", "-2"]) expect(normaliseRequirement(v), v).toBeNull();
  });
});
