type Template = { subject: string; text: string; html: string };

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function template(
  subject: string,
  lines: string[],
  action: { label: string; url: string },
): Template {
  const text = [...lines, '', `${action.label}: ${action.url}`, '', '— Meridian'].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">${lines
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join(
      '',
    )}<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p><p>— Meridian</p></body></html>`;
  return { subject, text, html };
}

export const mailTemplates = {
  verifyEmail: (url: string) =>
    template(
      'Verify your e-mail address',
      ['Welcome to Meridian.', 'Confirm your e-mail address to finish creating your account.'],
      { label: 'Verify e-mail', url },
    ),
  resetPassword: (url: string) =>
    template(
      'Reset your password',
      [
        'Someone asked to reset the password of your Meridian account.',
        'If it was not you, ignore this message; your password stays the same.',
      ],
      { label: 'Reset password', url },
    ),
  changeEmail: (newEmail: string, url: string) =>
    template(
      'Confirm your new e-mail address',
      [`You asked to change the e-mail address of your Meridian account to ${newEmail}.`],
      { label: 'Confirm the change', url },
    ),
  accountLocked: (failures: number, minutes: number, resetUrl: string) =>
    template(
      'Your Meridian account is locked for a while',
      [
        `After ${failures} sign-in attempts with a wrong password, password sign-in to your Meridian account is locked for ${minutes} minutes.`,
        'If it was you, wait and try again. If it was not you, someone may be guessing your password: choose a new one.',
      ],
      { label: 'Reset your password', url: resetUrl },
    ),
  invitation: (organizationName: string, inviterName: string, role: string, url: string) =>
    template(
      `Join ${organizationName} on Meridian`,
      [`${inviterName} invited you to join ${organizationName} on Meridian as ${role}.`],
      { label: 'Accept the invitation', url },
    ),
  runFailed: (agentName: string, error: string, url: string) =>
    template(
      `A run of ${agentName} failed`,
      [`A queued run of the agent ${agentName} failed: ${error}`],
      { label: 'Open the run', url },
    ),
  scheduledRunFailed: (scheduleName: string, agentName: string, url: string) =>
    template(
      `A scheduled run of ${agentName} failed`,
      [`The schedule ${scheduleName} started a run of the agent ${agentName}, and it failed.`],
      { label: 'Open the run', url },
    ),
  budgetReached: (organizationName: string, budget: 'tokens' | 'cost', url: string) =>
    template(
      `${organizationName}: the monthly budget for agents is used up`,
      [
        `The monthly ${budget === 'tokens' ? 'token' : 'cost'} budget of ${organizationName} for agents is used up: runs are refused until next month or until an admin raises the budget.`,
      ],
      { label: 'Open the agent settings', url },
    ),
};
