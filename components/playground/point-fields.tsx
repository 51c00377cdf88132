import { Field, Input, Select } from "@/components/ui/field";
import type { PointQuery } from "./examples";

/** Query fields of the current and forecast calls. */
export function PointFields({
  endpoint,
  point,
  onChange,
}: {
  endpoint: "current" | "forecast";
  point: PointQuery;
  onChange: (p: PointQuery) => void;
}) {
  const setP = (k: keyof PointQuery) => (e: { target: { value: string } }) =>
    onChange({ ...point, [k]: e.target.value });
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Field label="Latitude" required>
        {(p) => <Input {...p} inputMode="decimal" value={point.lat} onChange={setP("lat")} />}
      </Field>
      <Field label="Longitude" required>
        {(p) => <Input {...p} inputMode="decimal" value={point.lng} onChange={setP("lng")} />}
      </Field>
      <Field label="Units">
        {(p) => (
          <Select {...p} value={point.units} onChange={setP("units")}>
            <option value="metric">metric</option>
            <option value="imperial">imperial</option>
            <option value="standard">standard</option>
          </Select>
        )}
      </Field>
      <Field label="Language" hint="BCP-47, e.g. en, de, fr, es">
        {(p) => <Input {...p} value={point.language} onChange={setP("language")} />}
      </Field>
      {endpoint === "current" ? (
        <Field label="Activity type" hint="e.g. walking_tour, beach, museum">
          {(p) => <Input {...p} value={point.activity_type} onChange={setP("activity_type")} />}
        </Field>
      ) : (
        <>
          <Field label="Days" hint="1–8">
            {(p) => <Input {...p} inputMode="numeric" value={point.days} onChange={setP("days")} />}
          </Field>
          <Field label="Granularity">
            {(p) => (
              <Select {...p} value={point.granularity} onChange={setP("granularity")}>
                <option value="daily">daily (1 unit)</option>
                <option value="hourly">hourly (2 units)</option>
              </Select>
            )}
          </Field>
        </>
      )}
    </div>
  );
}
