import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectAccessible } from "./a11y";
import {
  createKeyViaUi,
  e2eDbUrl,
  newCredentials,
  screenshot,
  setPlanViaCli,
  signUp,
  type Credentials,
} from "./helpers";
import { mailTo } from "./mailbox";

// Issue 42 item 2: a viewer sees no control they cannot use on any page, and a person who is only a
// trip member gets the trip portal (their trips; no API keys, tokens, webhooks or simulations).
const WIDTHS = [
  { label: "1440", width: 1440, height: 900 },
  { label: "390", width: 390, height: 844 },
] as const;

/** Controls only builders (owner, admin, developer) or managers may use; a viewer must not see any. */
const BUILDER_CONTROLS = [
  "Create key",
  "Create your first key",
  "Create token",
  "Create your first token",
  "Revoke",
  "Roll key",
  "Rename",
  "New watch",
  "Create watch",
  "Add endpoint",
  "Add your first endpoint",
  "New trip",
  "Create your first trip",
  "Create visa key",
  "Create your first visa key",
  "Fire my watches now",
  "Inject conditions",
  "Switch to sandbox",
  "Resend to all targets",
  "Send invitation",
  "Add member",
  "Accept",
];

function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !/status of 40[34]/.test(msg.text())) problems.push(`console.error: ${msg.text()}`);
  });
  return problems;
}

async function settle(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^\s*Loading/ })).toHaveCount(0);
}

async function acceptInvitation(
  browser: Browser,
  baseURL: string,
  vp: (typeof WIDTHS)[number],
  creds: Credentials,
): Promise<Page> {
  const mail = await mailTo(creds.email, /invited you/);
  const context = await browser.newContext({ baseURL, viewport: { width: vp.width, height: vp.height } });
  const page = await context.newPage();
  await page.goto(mail.link!);
  await page.getByLabel("Choose a password").fill(creds.password);
  await page.getByRole("button", { name: "Create my user and join" }).click();
  await page.waitForURL("**/team");
  return page;
}

for (const vp of WIDTHS) {
  test(`roles at ${vp.label} px: a viewer walks every page without a control they cannot use; a trip-only member gets the trip portal`, async ({
    browser,
    page,
    baseURL,
  }) => {
    // Two people walk every portal page (about 25 for the viewer, each scanned by axe).
    test.setTimeout(420_000);
    await page.setViewportSize({ width: vp.width, height: vp.height });
    const owner = await signUp(page);
    const { name: keyName } = await createKeyViaUi(page, ["weather:read"]);
    const origin = { origin: baseURL! };
    const tripRes = await page.request.post("/v1/trips", {
      headers: origin,
      data: { name: "Lisbon week", time_zone: "Europe/Lisbon" },
    });
    expect(tripRes.status(), await tripRes.text()).toBe(201);
    const tripId = (await tripRes.json()).trip_id as number;
    const keysRes = await page.request.get("/api/developer/keys");
    const keyId = ((await keysRes.json()) as Array<{ id: number; name: string }>).find((k) => k.name === keyName)!.id;
    // A webhook with one delivered test event and, with a Postgres (starter plan), a watch: their detail pages too.
    const hook = await page.request.post("/v1/webhooks", {
      headers: origin,
      data: { url: "https://127.0.0.1:9/hooks", events: ["weather.change_detected"] },
    });
    expect(hook.status(), await hook.text()).toBe(201);
    const webhookId = (await hook.json()).data.webhook_id as string;
    const sent = await page.request.post(`/v1/webhooks/${webhookId}/test`, {
      headers: origin,
      data: { event_type: "weather.change_detected" },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const eventId = (await sent.json()).data.event_id as string;
    const detailPages = [`/keys/${keyId}`, `/webhooks/${webhookId}`, `/events/${eventId}`];
    if (e2eDbUrl) {
      setPlanViaCli(owner.email, "starter");
      const w = await page.request.post("/v1/weather/watch", {
        headers: origin,
        data: {
          target_type: "place",
          target_ref: { place_id: "plc_roles", name: "Lisbon" },
          latitude: 38.7116,
          longitude: -9.13,
          place_type: "viewpoint",
          activity_type: "walking_tour",
          outdoor: true,
          starts_at: new Date(Date.now() + 3600_000).toISOString(),
          ends_at: new Date(Date.now() + 7200_000).toISOString(),
          webhook_url: "https://127.0.0.1:9/watch",
        },
      });
      expect(w.status(), await w.text()).toBe(201);
      detailPages.push(`/watches/${(await w.json()).data.watch_id}`);
    }

    // A viewer of the account.
    const viewer = newCredentials("viewer");
    await page.goto("/team");
    const invite = page.getByRole("form", { name: "Invite someone" });
    await invite.getByLabel("Email").fill(viewer.email);
    await invite.getByLabel("Role").selectOption("viewer");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByRole("button", { name: `Revoke the invitation of ${viewer.email}` })).toBeVisible();
    const viewerPage = await acceptInvitation(browser, baseURL!, vp, viewer);
    // The viewer is also an editor of the trip: the account role (viewer) still decides what the portal offers.
    const add = await page.request.post(`/v1/trips/${tripId}/members`, {
      headers: origin,
      data: { email: viewer.email, role: "editor" },
    });
    expect(add.status(), await add.text()).toBe(201);

    const problems = watchConsole(viewerPage);
    // Every portal page (app/(portal)), detail pages included.
    const developerPages = [
      "/keys",
      "/tokens",
      "/agents",
      "/agents/connected",
      "/usage",
      "/requests",
      "/team",
      "/audit",
      "/playground",
      "/watches",
      "/watches/new",
      "/webhooks",
      "/events",
      "/simulations",
      "/visa",
      ...detailPages,
    ];
    const tripPages = ["/trips", `/trips/${tripId}`, "/inbox", "/settings/notifications"];
    for (const path of [...developerPages, ...tripPages]) {
      await viewerPage.goto(path);
      await settle(viewerPage);
      for (const name of BUILDER_CONTROLS) {
        await expect(
          viewerPage.getByRole("button", { name, exact: true }),
          `${name} on ${path} as a viewer`,
        ).toHaveCount(0);
        await expect(viewerPage.getByRole("link", { name, exact: true }), `${name} on ${path} as a viewer`).toHaveCount(
          0,
        );
      }
      await expectAccessible(viewerPage, `${path} as a viewer at ${vp.label}px`);
    }
    // The key's name is shown, but revoking it is not offered; the audit log says whose it is.
    await viewerPage.goto("/keys");
    await expect(viewerPage.getByRole("link", { name: keyName }).first()).toBeVisible();
    await expect(viewerPage.getByRole("button", { name: `Revoke ${keyName}` })).toHaveCount(0);
    await screenshot(viewerPage, `roles-viewer-keys-${vp.label}`);
    await viewerPage.goto("/audit");
    await expect(viewerPage.getByText("The audit log is for the account's owners and admins.")).toBeVisible();
    expect(problems, `viewer at ${vp.label}`).toEqual([]);
    await viewerPage.context().close();

    // A person who signs up and is only added to someone else's trip.
    const traveller = newCredentials("traveller");
    const travellerContext = await browser.newContext({ baseURL, viewport: { width: vp.width, height: vp.height } });
    const tp = await travellerContext.newPage();
    const travellerProblems = watchConsole(tp);
    await signUp(tp, traveller);
    const addTraveller = await page.request.post(`/v1/trips/${tripId}/members`, {
      headers: origin,
      data: { email: traveller.email, role: "viewer" },
    });
    expect(addTraveller.status(), await addTraveller.text()).toBe(201);
    await tp.goto("/trips");
    await settle(tp);
    if (vp.width < 1024) await tp.getByRole("button", { name: "Open menu" }).click();
    const nav = tp.getByRole("navigation", { name: "Portal" });
    for (const name of ["Trips", "Inbox", "Notification settings"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    for (const name of [
      "API keys",
      "Access tokens",
      "Agents",
      "Usage",
      "Team",
      "Audit log",
      "Webhooks",
      "Events",
      "Simulations (sandbox)",
      "Watches",
      "Request log",
      "API playground",
      "Visa API keys",
    ]) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
    }
    await expect(tp.getByRole("link", { name: "Lisbon week" }).first()).toBeVisible();
    await screenshot(tp, `roles-traveller-trips-${vp.label}`);
    await expectAccessible(tp, `trips as a trip-only member at ${vp.label}px`);
    // Their trip, their inbox and their notification settings: reachable, accessible.
    for (const path of tripPages.slice(1)) {
      await tp.goto(path);
      await settle(tp);
      await expect(tp.getByRole("heading", { level: 1, name: "Your trips are here" })).toHaveCount(0);
      await expectAccessible(tp, `${path} as a trip-only member at ${vp.label}px`);
      await screenshot(tp, `roles-traveller${path.replaceAll("/", "-").replace(/-\d+$/, "-detail")}-${vp.label}`);
    }
    // A developer page is never a dead end: it points to the trips and offers the console, and shows
    // none of the console's controls.
    for (const path of developerPages) {
      await tp.goto(path);
      await expect(tp.getByRole("heading", { level: 1, name: "Your trips are here" })).toBeVisible();
      for (const name of BUILDER_CONTROLS) {
        await expect(tp.getByRole("button", { name, exact: true }), `${name} on ${path} (trip-only)`).toHaveCount(0);
        await expect(tp.getByRole("link", { name, exact: true }), `${name} on ${path} (trip-only)`).toHaveCount(0);
      }
    }
    // The console opens on the page the person asked for: the simulations.
    await tp.goto("/simulations");
    await expect(tp.getByRole("heading", { level: 1, name: "Your trips are here" })).toBeVisible();
    await screenshot(tp, `roles-traveller-console-${vp.label}`);
    await expectAccessible(tp, `developer page as a trip-only member at ${vp.label}px`);
    await tp.getByRole("button", { name: "Open the developer console" }).click();
    await expect(tp.getByRole("heading", { level: 1, name: "Weather simulations" })).toBeVisible();
    expect(travellerProblems, `trip-only member at ${vp.label}`).toEqual([]);
    await travellerContext.close();
  });
}
