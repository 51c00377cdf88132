/**
 * Markers closer than `radius` pixels on the current view drawn as one cluster with a count
 * (issue 42 item 3: five Lisbon markers stacked into one blob). Greedy in the given order (the
 * itinerary's), each marker joining the first cluster whose centre is within reach; the centre is
 * the members' mean. Pure: the map calls it with the projected points of its current fit.
 */
export interface Projected<T> {
  key: string;
  x: number;
  y: number;
  item: T;
}

export interface Cluster<T> {
  key: string;
  x: number;
  y: number;
  members: Array<Projected<T>>;
}

export function clusterPoints<T>(points: Array<Projected<T>>, radius: number): Array<Cluster<T>> {
  const out: Array<Cluster<T>> = [];
  for (const p of points) {
    const c = out.find((k) => Math.hypot(k.x - p.x, k.y - p.y) < radius);
    if (!c) {
      out.push({ key: p.key, x: p.x, y: p.y, members: [p] });
      continue;
    }
    c.members.push(p);
    c.x = c.members.reduce((s, m) => s + m.x, 0) / c.members.length;
    c.y = c.members.reduce((s, m) => s + m.y, 0) / c.members.length;
    c.key = c.members.map((m) => m.key).join("+");
  }
  return out;
}

/**
 * Members of an expanded cluster that a zoom cannot separate (the same spot): placed on a ring
 * around its centre, far enough apart to click, in their order.
 */
export function fanOut<T>(c: Cluster<T>, spacing: number): Array<Projected<T>> {
  const n = c.members.length;
  if (n === 1) return c.members;
  const r = Math.max(spacing, (spacing * n) / (2 * Math.PI));
  return c.members.map((m, i) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
    return { ...m, x: c.x + r * Math.cos(a), y: c.y + r * Math.sin(a) };
  });
}

/** Whether zooming to a cluster's places can separate them (they are not all at one spot, ~300 m). */
export function spreadDeg(points: Array<{ lat: number; lng: number }>): number {
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  return Math.max(Math.max(...lats) - Math.min(...lats), Math.max(...lngs) - Math.min(...lngs));
}
