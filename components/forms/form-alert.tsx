import { Alert } from "@/components/ui/alert";
import type { FormErrors } from "./field-errors";

/**
 * Form-level summary: how many fields need attention (each one's message is
 * next to it) and the problems no field shows, with the machine code and the
 * request id to quote.
 */
export function FormAlert({ errors, title = "Nothing was saved" }: { errors: FormErrors; title?: string }) {
  const fieldCount = Object.keys(errors.fields).length;
  if (fieldCount === 0 && errors.other.length === 0) return null;
  return (
    <Alert tone="danger" title={title}>
      {fieldCount > 0 && (
        <p>
          {fieldCount === 1
            ? "One field needs attention; see the message next to it."
            : `${fieldCount} fields need attention; see the messages next to them.`}
        </p>
      )}
      {errors.other.length > 0 && (
        <ul className="list-disc space-y-0.5 pl-5">
          {errors.other.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      )}
      {(errors.code || errors.requestId) && (
        <p className="mt-1 text-xs">
          {errors.code && (
            <>
              Code <code className="font-mono">{errors.code}</code>
            </>
          )}
          {errors.requestId && (
            <>
              {" "}
              · request id <code className="font-mono break-all">{errors.requestId}</code>
            </>
          )}
        </p>
      )}
    </Alert>
  );
}
