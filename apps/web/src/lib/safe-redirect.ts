/** Only same-origin paths: "/app", never "//evil.example" or "https://…" (open redirect). */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return fallback;
  return target;
}

/** `/login?redirect=/app` with the path readable, as users and tests expect. */
export function loginPathFor(path: string): string {
  return `/login?redirect=${encodeURIComponent(path).replace(/%2F/g, '/')}`;
}
