import type { Lang } from '$lib/i18n';
import type { Session } from '$lib/server/session';

declare global {
  namespace App {
    interface Locals {
      lang: Lang;
      session: Session | null;
      /** The visitor's address, forwarded to the API for its rate limit. */
      clientAddress: string;
    }
    interface PageData {
      lang: Lang;
    }
    interface Error {
      message: string;
      code?: string;
    }
  }
}

export {};
