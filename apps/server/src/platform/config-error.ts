/** A malformed or missing setting: its message lists every bad variable, one per line after the first. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}
