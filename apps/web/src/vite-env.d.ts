/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_WEBTOON_URL?: string;
  readonly VITE_GOVERNANCE_URL?: string;
}
