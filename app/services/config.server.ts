/** Reads the public, non-secret configuration from the Worker's vars (wrangler.toml [vars]). */
export type PublicConfig = {
  siteName: string;
  ownerName: string;
  contactEmail: string;
};

export function getPublicConfig(env: Env): PublicConfig {
  return {
    siteName: env.SITE_NAME || "Nishnaabemwin",
    ownerName: env.OWNER_NAME || "Nishnaabemwin",
    contactEmail: env.CONTACT_EMAIL || "",
  };
}

/** True only for the deployed site; local workerd runs pass ENVIRONMENT=development. */
export function isProduction(env: Env) {
  return env.ENVIRONMENT !== "development" && env.ENVIRONMENT !== "test";
}
