/** A form or JSON request body as a plain object of strings; null when it cannot be read. */
export async function readRequestBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.includes("application/json")) return await request.json();
    const form = await request.formData();
    return Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  } catch {
    return null;
  }
}
