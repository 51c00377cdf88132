import { z } from "zod";

// Issue 38 item 7: what the weather planner checked for an option, stored on the proposal so a
// reviewer (portal, API, MCP) sees why the option is safe. Other agents may send it too.
const Level = z.enum(["low", "watch", "warning"]);
const When = z.string().max(40).nullable();

const LegCheck = z
  .strictObject({
    event_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The neighbouring commitment (null: the trip's start or end)" }),
    place: z.string().max(300).nullable().meta({ description: "Where the traveller is before (or goes after)" }),
    travel_minutes: z
      .number()
      .int()
      .min(0)
      .meta({ description: "Estimated travel time to (or from) the event's place" }),
    estimate: z.string().max(300).meta({ description: 'What the estimate assumed, e.g. "car 70 km/h, 29 km"' }),
    buffer_minutes: z.number().int().min(0).meta({ description: "Minutes kept before a departure (0 otherwise)" }),
    slack_minutes: z.number().int().meta({
      description:
        "Minutes to spare after travel and buffer. Never negative next to a hard limit; next to a soft one (a check-in or check-out) a negative value is how far it would shift",
    }),
    limit: z.enum(["hard", "soft"]).optional().meta({
      description:
        "hard: a departure, a fixed event or anything placed (never squeezed); soft: a check-in or check-out (may shift). Absent on options raised before it was recorded",
    }),
    shift: z.string().max(300).nullable().optional().meta({
      description:
        'A negative slack next to a soft limit said with times, in the trip\'s language, e.g. "check in at 15:25 (25 min after 15:00)" or "back at 11:15: check out 15 min after 11:00 (ask the stay)"; null otherwise. Absent on options raised before it was recorded',
    }),
  })
  .nullable()
  .meta({ id: "ProposalOptionLegCheck" });

export const ProposalOptionChecks = z
  .strictObject({
    before: LegCheck,
    after: LegCheck,
    daylight: z.strictObject({
      sunrise: When,
      sunset: When,
      rule: z.enum(["sun", "civil_twilight", "not_needed"]),
    }),
    span: z.strictObject({ start: When, end: When }).meta({ description: "The trip span the option stays inside" }),
    partner: z
      .strictObject({
        event_id: z.number().int(),
        title: z.string().max(300),
        start: z.string().max(40),
        end: z.string().max(40),
        risk: Level,
        weather: z.string().max(300).meta({ description: "The partner's weather in its new window" }),
      })
      .nullable()
      .meta({ description: "A swap: the partner's new window and its weather" }),
    strands: z
      .array(
        z.strictObject({
          event_id: z.number().int(),
          title: z.string().max(300),
          start: z.string().max(40).meta({ description: "Its planned start" }),
          new_start: When.meta({
            description: "Moved along with the sailing (same gap to it); null: it cannot follow safely and is missed",
          }),
          new_end: When,
          risk: Level.nullable().meta({ description: "The risk in its new window (null when missed)" }),
        }),
      )
      .max(20)
      .optional()
      .meta({
        description:
          "A rebooked sailing that strands commitments (every calm sailing does): each one moved along with it (a move_event in changes) or named as missed; a strand-free sailing is always offered first. Absent on options raised before it was recorded",
      }),
  })
  .meta({ id: "ProposalOptionChecks", description: "What the planner checked for this option, with the figures" });
export type ProposalOptionChecks = z.output<typeof ProposalOptionChecks>;
