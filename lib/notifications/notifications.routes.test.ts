import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { SAME_ORIGIN, sessionCookie } from "@/lib/accounts/testing/team-fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { makeTrip } from "@/lib/trips/testing/trip-fixture";
import { notifyTripMembers } from "./record-notifications";

const list = await routeModule("/v1/me/notifications");
const read = await routeModule("/v1/me/notifications/{notificationId}/read");
const readAll = await routeModule("/v1/me/notifications/read-all");
const settings = await routeModule("/v1/me/notification-settings");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

const portal = async (userId: string) => ({ cookie: await sessionCookie(userId), ...SAME_ORIGIN });
const record = (tripId: number, key: string) =>
  notifyTripMembers({
    tripId,
    kind: "proposal_awaits_review",
    subjectKey: key,
    proposalId: null,
    eventId: null,
    exceptUserId: null,
    texts: () => ({ title: key, body: "body" }),
  });

describe("notification routes", () => {
  it("lists, marks one and all read; another person's notification is 404", async () => {
    const f = await makeTrip();
    const other = await makeTrip();
    await record(f.tripId, "proposal:a");
    await record(f.tripId, "proposal:b");
    await record(other.tripId, "proposal:c");
    const h = await portal(f.owner.userId);
    const got = await call(list.GET, { path: "/v1/me/notifications", headers: h });
    expect(got.status).toBe(200);
    expect(got.body.unread_count).toBe(2);
    expect(got.body.notifications.map((n: { title: string }) => n.title).sort()).toEqual(["proposal:a", "proposal:b"]);
    const first = got.body.notifications[0];
    expect(first).toMatchObject({
      trip_id: f.tripId,
      trip_name: "Test trip",
      href: `/trips/${f.tripId}`,
      read_at: null,
    });
    const path = `/v1/me/notifications/${first.notification_id}/read`;
    const marked = await call(read.POST, {
      method: "POST",
      path,
      params: { notificationId: first.notification_id },
      headers: h,
    });
    expect(marked.status).toBe(200);
    expect(marked.body.read_at).not.toBeNull();
    const unread = await call(list.GET, { path: "/v1/me/notifications?unread=true&limit=10", headers: h });
    expect(unread.body.notifications).toHaveLength(1);
    const theirs = (await call(list.GET, { path: "/v1/me/notifications", headers: await portal(other.owner.userId) }))
      .body.notifications[0].notification_id;
    const foreign = await call(read.POST, {
      method: "POST",
      path: `/v1/me/notifications/${theirs}/read`,
      params: { notificationId: theirs },
      headers: h,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("not_found");
    const all = await call(readAll.POST, { method: "POST", path: "/v1/me/notifications/read-all", headers: h });
    expect(all.body).toEqual({ marked: 1 });
    expect((await call(list.GET, { path: "/v1/me/notifications", headers: h })).body.unread_count).toBe(0);
  });

  it("settings: defaults, then saved and read back", async () => {
    const f = await makeTrip();
    const h = await portal(f.owner.userId);
    const path = "/v1/me/notification-settings";
    expect((await call(settings.GET, { path, headers: h })).body).toEqual({
      mode: "immediate",
      quiet_hours: null,
      time_zone: "UTC",
    });
    const body = { mode: "digest", quiet_hours: { start: "22:30", end: "06:45" }, time_zone: "America/New_York" };
    const put = await call(settings.PUT, { method: "PUT", path, headers: h, body });
    expect(put.status).toBe(200);
    expect(put.body).toEqual(body);
    expect((await call(settings.GET, { path, headers: h })).body).toEqual(body);
  });

  it("bad input gets the documented error envelope, never a 5xx", async () => {
    const f = await makeTrip();
    const h = await portal(f.owner.userId);
    const path = "/v1/me/notification-settings";
    const ok = { mode: "immediate", quiet_hours: null, time_zone: "UTC" };
    const bad: unknown[] = [
      { ...ok, mode: "sometimes" },
      { ...ok, time_zone: "Mars/Olympus" },
      { ...ok, quiet_hours: { start: "24:00", end: "07:00" } },
      { ...ok, quiet_hours: { start: "7:00", end: "08:00" } },
      { ...ok, quiet_hours: { start: "22:00", end: "22:00" } },
      { ...ok, quiet_hours: { start: "22:00" } },
      { mode: "off" },
      [],
      "off",
      null,
    ];
    for (const body of bad) {
      const res = await call(settings.PUT, { method: "PUT", path, headers: h, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("bad_request");
    }
    const raw = await call(settings.PUT, {
      method: "PUT",
      path,
      headers: { ...h, "content-type": "application/json" },
      rawBody: "{not json",
    });
    expect(raw.status).toBe(400);
    for (const q of ["unread=maybe", "limit=0", "limit=201", "limit=abc", "other=1"]) {
      const res = await call(list.GET, { path: `/v1/me/notifications?${q}`, headers: h });
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe("bad_request");
    }
    const notUuid = await call(read.POST, {
      method: "POST",
      path: "/v1/me/notifications/nope/read",
      params: { notificationId: "nope" },
      headers: h,
    });
    expect(notUuid.status).toBe(404);
    expect((await call(list.GET, { path: "/v1/me/notifications" })).status).toBe(401);
    const crossSite = await call(settings.PUT, {
      method: "PUT",
      path,
      headers: { cookie: h.cookie, host: "localhost", origin: "https://evil.example" },
      body: ok,
    });
    expect(crossSite.status).toBe(403);
  });
});
