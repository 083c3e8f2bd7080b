/** Loads .env into process.env for CLI scripts, as `next start` does for the app; a missing file is fine. */
export function loadDotEnv(file = ".env"): void {
  try {
    process.loadEnvFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
