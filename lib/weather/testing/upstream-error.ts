import { isApiError, type ApiError } from "@/lib/http/errors";

/** Test only: the ApiError a provider call fails with (anything else, or success, fails the test). */
export async function upstreamError(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    if (isApiError(err)) return err;
    throw err;
  }
  throw new Error("expected an ApiError");
}
