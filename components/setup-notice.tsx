/** The setup wizard's page (app/setup): the one page shown while the church has no administrator. */
export const SETUP_PATH = "/setup";

/**
 * What every page shows while the church is being set up (issue 39): nothing to sign in to yet, and who can
 * finish it. The setup address itself is only in the server's log.
 */
export function SetupNotice() {
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Member portal</p>
      <h1>This member portal is being set up</h1>
      <p className="lede">This site is not open yet. Please come back soon.</p>
      <div className="notice">
        <p>
          <strong>Setting it up?</strong> Open the setup address written in the server’s log when it started, or make the first administrator on
          the server with <code>npm run admin:create</code>.
        </p>
      </div>
    </div>
  );
}
