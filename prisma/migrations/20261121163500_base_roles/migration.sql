-- The roles every deployment needs, with their permissions (resource:action). Data, not schema: the demo
-- seed and staff tools may change permissions later; this only creates missing roles.
INSERT INTO "role" ("name", "description", "permissions") VALUES
  ('member', 'Every member: their own profile, consents and sessions',
   ARRAY['profile:read', 'profile:write', 'consents:read', 'consents:write', 'sessions:read', 'sessions:write']),
  ('guardian', 'A parent or guardian acting for their dependants',
   ARRAY['guardian:act_as']),
  ('staff', 'Church staff: members, events, clients, membership and families',
   ARRAY['users:read', 'users:write', 'events:read', 'events:write', 'clients:read', 'clients:write',
         'membership:read', 'membership:write', 'families:read', 'families:write'])
ON CONFLICT ("name") DO NOTHING;
