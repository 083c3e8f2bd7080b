/**
 * Every react-query key of the portal's account pages, in one place, so a change invalidates exactly
 * what it affects (e.g. revoking an app refreshes the apps list and the security log).
 */
export const accountQueryKeys = {
  consents: ["account", "consents"] as const,
  sessions: ["account", "sessions"] as const,
  securityEvents: ["account", "security-events"] as const,
  mfa: ["account", "mfa"] as const,
  profile: ["account", "profile"] as const,
  recoveryContacts: ["account", "recovery-contacts"] as const,
  /** A code texted to a new mobile number and not yet typed back. */
  phoneVerification: ["account", "phone-verification"] as const,
  dataRequests: ["account", "data-requests"] as const,
  family: ["account", "family"] as const,
  dependents: ["account", "dependents"] as const,
  membership: ["account", "membership"] as const,
  linkedIdentities: ["account", "linked-identities"] as const,
  passkeys: ["account", "passkeys"] as const,
  checkInCode: ["account", "check-in-code"] as const,
  checkInEvents: ["account", "check-in-events"] as const,
  checkIns: ["account", "check-ins"] as const,
  registrations: ["account", "registrations"] as const,
  eventRegistration: (eventId: string) => ["account", "registrations", "event", eventId] as const,
  checkInCard: ["account", "check-in-card"] as const,
  schedule: ["account", "schedule"] as const,
  scheduleFeed: ["account", "schedule-feed"] as const,
};

/** The staff pages' keys (/admin): every event write refreshes the whole `events` branch. */
export const adminQueryKeys = {
  events: ["admin", "events"] as const,
  eventList: (query: { q: string; page: number; status: string }) => ["admin", "events", "list", query] as const,
  event: (id: string) => ["admin", "events", "one", id] as const,
  campuses: ["admin", "campuses"] as const,
  ministries: ["admin", "ministries"] as const,
  suggestions: ["admin", "membership-suggestions"] as const,
  clients: ["admin", "clients"] as const,
  clientList: (query: { q: string; page: number }) => ["admin", "clients", "list", query] as const,
  attendance: (eventId: string) => ["admin", "attendance", eventId] as const,
  registration: (eventId: string) => ["admin", "registration", eventId] as const,
};
