/**
 * User-facing texts of docs/product.md §8, in one place so the UI, the API and the tests use the same
 * strings. Obvious misspellings of the specified wording are corrected (docs/architecture.md, API contract).
 */
/** "1 minute", "5 minutes". */
function count(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** A wait in minutes as a person says it: "5 minutes", "3 hours" (never "1440 minutes"). */
function wait(minutes: number): string {
  return minutes < 60 ? count(minutes, 'minute') : count(Math.ceil(minutes / 60), 'hour');
}

export const messages = {
  contact: {
    sent: 'Email Sent',
    nameRequired: 'Please enter your name.',
    emailRequired: 'Please enter your email address.',
    emailInvalid: 'Please enter a valid email address.',
    messageRequired: 'Please enter a message.',
    // Each field says which one is too long: the form shows it under that field.
    nameTooLong: (max: number) => `Your name can be at most ${max} characters.`,
    emailTooLong: (max: number) => `Your email address can be at most ${max} characters.`,
    messageTooLong: (max: number) => `Your message can be at most ${max} characters.`,
    failed: 'Your message could not be sent. Please try again.',
  },
  feedback: { thanks: 'Thank you for your feedback!', notSent: 'Email Not Sent' },
  subscription: {
    canceled: 'Subscription canceled successfully.',
    cancelFailed: 'There was a problem canceling subscription',
    upgraded: 'Subscription upgrade successful',
    downgraded: 'Subscription downgrade successful',
    updateFailed: 'There was a problem updating subscription',
  },
  billing: {
    // Server answers of the billing API and the dashboard's billing screens.
    notConfigured: 'Payments are not configured on this server.',
    unknownPrice: 'This plan is not available. Please choose a plan from the pricing page.',
    intervalInvalid: 'The billing interval must be monthly or yearly.',
    intervalMismatch: 'The billing interval does not match the chosen plan.',
    userIdRequired: 'A user id is required.',
    alreadySubscribed: 'You already have a subscription. Change or cancel it on your Plan page instead of buying a second one.',
    noSubscription: 'You have no subscription to change. Choose a plan to subscribe.',
    notChangeable: 'Your subscription cannot be changed while its payment is not settled. Update your card under Manage billing first.',
    samePlan: 'You are already on this plan.',
    cancelScheduled: 'Your subscription is already set to end at the close of the billing period.',
    operatorManaged: 'Your plan was set by our team. Please contact support to change it.',
    upgradeNeedsPayment: 'The upgrade was not applied because the payment did not go through. Update your card under Manage billing and try again.',
    sessionNotFound: 'This checkout session was not found.',
    sessionRequired: 'The checkout session id is missing.',
    webhookSignature: 'Invalid Stripe signature.',
    webhookNotEvent: 'This is not a Stripe event.',
    stripeUnavailable: 'The payment provider could not be reached. Please try again in a moment.',
    portalUnavailable: 'Billing management is not available for this account.',
    checkoutExpired: 'This checkout was replaced by a newer one (another tab?). Start again from the plans.',
  },
  payouts: {
    // Payouts through Stripe Connect (docs/decisions/020-extras-and-the-money-flow.md): server answers and the Payouts screen.
    notConfigured: 'Online payments are not set up on this server.',
    needsPlan: 'Online payments come with Gold and Premium. Upgrade your plan to take payments for your extras.',
    currencyInvalid: (codes: readonly string[]) => `Please choose one of these currencies: ${codes.map((code) => code.toUpperCase()).join(', ')}.`,
    countryInvalid: 'Please choose the country of your bank account from the list.',
    currencyLocked: 'Your currency cannot change now that guests have ordered extras: their orders keep the currency they were placed in.',
    dashboardUnavailable: 'Your Stripe dashboard opens once Stripe has all the details it asked for. Continue setting up first.',
    connectWebhookNotConfigured: 'Stripe Connect events are not configured on this server.',
    requestsOnly: 'Online payments are not set up here. Your extras still work as requests: guests ask, you confirm, and payment is settled on site.',
    freePlan: 'Online payments come with Gold and Premium. Until then your extras work as requests: guests ask, you confirm, and payment is settled on site.',
    currencySaved: (name: string) => `Your extras are now priced in ${name}.`,
    connected: 'Your Stripe account is connected. Guests can pay for extras online.',
    needsDetails: 'Stripe needs a few more details before guests can pay online.',
    refreshed: 'Your account details are up to date.',
    loadFailed: 'Your payout details could not be loaded.',
  },
  instruction: {
    linkCopied: 'Link copied successfully',
    duplicated: 'Duplicate created successfully',
    duplicateFailed: 'A duplicate was not created',
    linkUpdated: 'Link Updated',
    linkNotChanged: 'Link was not changed',
    deleteFailed: 'The guidebook could not be deleted. Please try again.',
    codeChanged: 'Code Changed Successfully',
    codeNotChanged: 'Code was not changed',
    created: 'Guidebook created',
    createFailed: 'The guidebook could not be created. Please try again.',
    /** A save: the editor stays open and says "Saved" (docs/product.md §4 Editor). */
    updated: 'Guidebook saved',
    outOfFree:
      'You have used all the guidebooks of the Free plan. You can still edit your free guidebooks; to make new ones, please subscribe to a plan.',
    unsavedChanges: 'You have unsaved changes. Leave anyway?',
    // Server answers of the guidebook API.
    notFound: 'Guidebook not found',
    /** A delete moves the guidebook to the trash (docs/product/history-and-trash.md). */
    deleted: 'Guidebook moved to the trash',
    needsPlan: 'This guidebook needs a paid plan to be edited. Subscribe to a plan to edit it.',
    /** A save (or a new guidebook) with an empty or blank name; a new one may leave the name out. */
    nameRequired: 'Give the guidebook a name.',
    // The options panel's confirmations say what the action ends (curly quotes around the name).
    deleteTitle: (name: string) => `Delete “${name}”?`,
    deleteText: 'Its guest link, printed QR posters and stay links stop working at once. It stays in the trash for 30 days, where you can restore it.',
    // With stays that have not ended (the server's counts): how many guests lose their link now.
    deleteWithStaysText: (current: number, upcoming: number) => {
      const now = current === 0 ? [] : [`${current} ${current === 1 ? 'guest is' : 'guests are'} staying now`];
      const later = upcoming === 0 ? [] : [`${upcoming} ${upcoming === 1 ? 'stay is' : 'stays are'} still to come`];
      const links = current + upcoming === 1 ? 'that stay link stops' : `those ${current + upcoming} stay links stop`;
      return `${[...now, ...later].join(' and ')}: ${links} working at once, with its guest link and printed QR posters. It stays in the trash for 30 days, where you can restore it.`;
    },
    checkingStays: 'Checking its stays…',
    regenerateTitle: 'Regenerate link?',
    regenerateText: 'Guests get a new link. The old link and any printed QR posters stop working at once: share the new link and print the posters again.',
    staleVersion: 'This guidebook was changed elsewhere (another tab or device) since you opened it, so your save was not made.',
  },
  revisions: {
    notFound: 'This version is no longer kept.',
    noSuchApply: 'There is no such change to undo.',
    applyUndone: (n: number) => (n === 0 ? 'Nothing to undo: those fields were changed since.' : `Undone in ${n} guidebook${n === 1 ? '' : 's'}`),
    restored: 'Version restored',
    cannotRestore: (reason: string) => `This version cannot be restored as it is: ${reason}`,
  },
  trash: {
    restored: 'Guidebook restored',
    purged: 'Guidebook deleted forever',
    purgeText: 'It is removed now with its stays, history and photos, and cannot be restored.',
    purgeWithStaysText: (stays: number) =>
      `${stays === 1 ? '1 stay has' : `${stays} stays have`} not ended: ${stays === 1 ? 'it is' : 'they are'} deleted with it, and ${stays === 1 ? 'its link' : 'their links'} can never work again. It is removed now with its history and photos, and cannot be restored.`,
  },
  auth: {
    // Auth pages (login, register, verification, reset): notices around the docs/product.md §8 texts.
    verifyNotice: 'Open the link in the email we sent you to activate your account, then log in here.',
    verificationSent: (email: string) => `We sent a verification link to ${email}. Open it to activate your account, then log in.`,
    registerFailed: 'Registration failed. Please try again.',
    resetCheckFailed: 'We could not check your reset link. Please try again.',
    captchaUnavailable: 'The human check could not be loaded. Please reload the page or try again later.',
    verifyFirst: 'Please verify your email before logging in.',
    loginFailed: 'LoginFailed',
    googleLoginFailed: 'Google Login Failed',
    humanCheck: 'Please verify you are a human',
    passwordsDontMatch: "Passwords don't match",
    bothRequired: 'Both field required',
    newPasswordsDontMatch: "New Passwords don't match",
    passwordsNotMatching: 'Passwords are not matching',
    passwordTooShort: 'Passwords has to be at least 6 characters.',
    resetExpired: 'Request has expired. Please send a new one.',
    resetMailFailed: 'Unable to send the email',
    resetSendFailed: 'Sending email unsuccessful',
    resetMailSent: 'An email was sent to the account. Please follow the link in it.',
    nameUpdated: 'User Name updated',
    passwordUpdated: 'User Password updated',
    emailSent: 'Email was sent.',
    passwordChanged: 'Password Changed Successfully',
    emailVerified: 'Email Verified',
    alreadyVerified: 'Your email is already verified.',
    /** The already-verified screen: information, not a failure. */
    alreadyVerifiedText: 'you can log in right away.',
    // "Send a new link" (POST /api/users/resend-verification): one answer whatever the address.
    verificationResent: 'If this address has an account that is not verified yet, a new verification link is on its way. Check your inbox.',
    resendFailed: 'The link could not be sent. Please try again.',
    verificationFailed: 'Verification Failed',
    // Server answers of the accounts API.
    registered: 'Registration successful. Please check your email to verify your account.',
    invalidCredentials: 'Invalid email or password.',
    loginLinkSent: 'We need one more step to confirm it is you. If the email and password are right, we have sent a sign-in link to that address: open it on this device.',
    loginLinkFailed: 'This sign-in link has expired or was already used. Please log in again.',
    wrongPassword: 'Wrong password.',
    googleLocked: 'Google accounts cannot change this.',
    googleUnavailable: 'Google sign-in is not available.',
    loggedOut: 'Logged out',
    pleaseLogIn: 'Please log in.',
    tooManyAttempts: (minutes: number) => `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    nameRequired: 'Please enter your name.',
    nameTooLong: 'Your name is too long.',
    emailRequired: 'Please enter your email address.',
    emailInvalid: 'Please enter a valid email address.',
    emailTaken: 'This email address is already in use.',
    sameEmail: 'This is already your email address.',
    passwordRequired: 'Please enter your password.',
    passwordTooLong: 'Passwords can be at most 128 characters.',
    tokenRequired: 'The link is incomplete. Please use the link from the email.',
    pictureInvalid: 'Please upload the picture first.',
    messageRequired: 'Please enter a message.',
  },
  upload: {
    noFile: 'No file selected',
    failed: 'Upload failed',
    // Server answers of POST /api/upload.
    uploaded: 'Image uploaded',
    typeNotAllowed: 'Only JPEG, PNG, WebP, GIF or AVIF images are allowed.',
    unreadable: 'The image could not be read.',
    tooLarge: 'The image is larger than 10 MB.',
    tooManyPixels: 'The image is too large (more than 40 megapixels).',
    badKind: 'The image type must be square or rectangle.',
    /** The optional `for` field of POST /api/upload: '' (a guidebook or Auto-Fill image) or 'profile'. */
    badPurpose: 'The image must be for a guidebook or for your profile picture.',
    storeFailed: 'The image could not be stored right now. Please try again in a moment.',
    /** docs/security.md 30: a /media/u/… path of another account, named by the field that holds it. */
    notYours: (field: string) => `${field} must be one of your own uploads. Upload the image from this account.`,
    /** A save names an upload the clean-up removed meanwhile (uploads/uploads-in-use.ts). */
    gone: 'An image in this save was removed because nothing used it any more. Upload it again, then save.',
    quotaReached: 'You have reached your upload limit (500 images or 200 MB). Images you no longer use are removed within two hours; please try again then.',
  },
  team: {
    // docs/decisions/028-teams.md §5: a session that acts for no team (a person in none).
    noTeam: 'You are not in a team yet.',
    /** docs/decisions/028-teams.md §6: an action the member's role lacks (src/lib/shared/team-roles.ts). */
    roleCannot: (role: string, doing: string) => `Your role in this team (${role}) cannot ${doing}. Ask the team's owner.`,
    /** docs/decisions/028-teams.md §8: inviting past the plan's member limit (the dashboard leads to the upgrade). */
    memberLimit: (plan: string, limit: number) =>
      limit === 1 ? `The ${plan} plan is for the owner alone. Upgrade your plan to invite team members.` : `The ${plan} plan allows ${limit} team members, counting open invitations. Upgrade your plan, or revoke an invitation, to invite more.`,
    /** §8: a member past the limit after a downgrade. */
    overMemberLimit: (limit: number) => `This team's plan allows ${limit} ${limit === 1 ? 'member' : 'members'}; the owner can upgrade or remove members.`,
    /** §5: `PUT /api/session/team` naming a team the person is not a member of (or no longer). */
    notFound: 'Team not found. It may have removed you; reload to see your teams.',
    teamIdRequired: 'Choose a team to switch to.',
    /** §5: a tab still showing the team the session acted for before another tab switched (`X-Porchlight-Team`). */
    switchedElsewhere: 'You switched to another team in another tab. Reload to continue.',
    /** `POST /api/teams`, "Start your own guidebooks": only for a person who owns no team (decision 028, open question 3). */
    ownTeamExists: 'You already have a team of your own. Choose it in the team menu.',
    started: 'Your own team is ready. Create your first guidebook.',
    switched: (team: string) => `You are working in ${team}.`,
    /** What a member who is not the Owner reads where the Owner gets a link to the plans (§6: billing is the Owner's). */
    ownerUpgrades: "The team's owner can change the plan.",
    /** `PATCH /api/team`: the Owner renames the team (§6, `team.manage`). */
    nameRequired: 'Give the team a name.',
    nameTooLong: (max: number) => `A team's name can be at most ${max} characters.`,
    nameInvalid: "A team's name is one line of text, without line breaks or tabs.",
    renamed: (name: string) => `The team is now called ${name}.`,
  },
  guestData: {
    // docs/decisions/029-pms-connectors.md §10: a guest's details exported or erased on request.
    emailInvalid: 'Enter the guest’s e-mail address.',
    targetInvalid: 'Say whose details to erase: an e-mail address or a stay.',
    tooMany: (minutes: number) => `Too many requests about guests’ details. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    erased: (stays: number, orders: number) =>
      stays + orders === 0 ? 'No stay or order holds that address.' : `Erased the guest’s details from ${stays} stay${stays === 1 ? '' : 's'} and ${orders} order${orders === 1 ? '' : 's'}.`,
    stayErased: 'The guest’s details are erased from this stay.',
  },
  locks: {
    // docs/decisions/030-smart-locks.md §2, §3, §14 and docs/product/locks.md: the Smart locks screen and its routes.
    notConfigured: 'Smart locks are not set up on this server.',
    needsPremium: 'Smart locks are part of Premium. Upgrade to connect your locks.',
    cannotManage: 'Only the team’s Owner and Admins can manage smart locks.',
    notFound: 'This lock or lock account does not exist. Reload the Smart locks screen.',
    attemptNotFound: 'This connection attempt is not known or has expired. Connect again.',
    alreadyCompleted: 'Already connected.',
    stillConnecting: 'Still connecting…',
    connectFailed: 'The lock account was not connected. Try again, and check the account’s password with the lock’s own app.',
    otherTeam: 'This lock account is connected to another Porchlight team.',
    unreachable: 'Seam, which connects Porchlight to your locks, did not answer. Try again in a minute.',
    connected: (label: string, locks: number) => `${label} is connected: ${count(locks, 'lock')}.`,
    refreshed: (label: string) => `${label} is up to date.`,
    disconnected: (label: string) => `${label} is disconnected.`,
    assignmentInvalid: 'Choose a guidebook, or none.',
    guidebookNotFound: 'This guidebook does not exist. Reload the Smart locks screen.',
    cannotTakeCodes: 'This lock cannot take codes from Porchlight (Seam reports no keypad codes).',
    /** The stay card's door code line. */
    stayCode: {
      set: 'Door code set on the lock',
      setting: 'Door code being set on the lock',
      backup: 'Failed, backup code in use: the guest sees it',
      failed: 'Failed, no code: set one on the lock and tell the guest',
      offline: 'Lock offline: the door code cannot be set while it is',
      off: 'No door code for this stay',
    },
    /** An offline code's window on the stay card (docs/decisions/030-smart-locks.md §9); times as the card words them. */
    offlineCode: (from: string, until: string, firstUse: string | null) => `Offline code: works ${from} to ${until}, on whole hours${firstUse ? `; the guest must use it once before ${firstUse}` : ''}.`,
    /** An offline code left behind by a move or a cancellation: it cannot be withdrawn. */
    leftCode: (dates: string, until: string) => `The earlier code for ${dates} keeps working until ${until}: offline codes cannot be withdrawn from afar. Delete it on the lock with the lock’s own app if needed.`,
    deleteLeavesCode: (until: string) => `Its door code is an offline code: it keeps working until ${until}, since it cannot be withdrawn from afar. Delete it on the lock with the lock’s own app if needed.`,
    enabledInvalid: 'Send on: true or false.',
    codeOff: (guest: string) => `No door code for ${guest}’s stay: it is removed from the lock and not made again.`,
    codeOn: (guest: string) => `${guest}’s stay gets a door code again.`,
    assigned: (lock: string, guidebook: string) => `${lock} opens ${guidebook}.`,
    unassigned: (lock: string) => `${lock} is not assigned to a guidebook.`,
    loadFailed: 'The smart locks could not be loaded.',
    tooManyRefreshes: (minutes: number) => `Too many refreshes of this account. Please try again in ${wait(minutes)}.`,
    /** Arrivals and a stay's door code (docs/product/locks.md, Arrivals). */
    arrivalsFailed: 'The arrivals could not be loaded.',
    daysInvalid: (max: number) => `Ask for 1 to ${max} days of arrivals.`,
    noCode: 'This stay has no door code from a lock. Reload Arrivals.',
    retryInvalid: 'Reload Arrivals, then try again.',
    retrying: (lock: string) => `Trying again: a new door code is being set on ${lock}.`,
    alreadyRetrying: 'Already trying again: reload Arrivals to see how it goes.',
    lookingAgain: (lock: string) => `Porchlight is asking ${lock} about this door code again.`,
    manualInvalid: 'Type the code you set on the lock: 4 to 12 digits.',
    manualNotNow: 'Type a code only when the lock’s own code failed or a backup code is in use.',
    manualSaved: (guest: string) => `${guest} now sees the code you typed.`,
    /** Seam's webhook with a signature or timestamp that does not hold (docs/decisions/030-smart-locks.md §10). */
    webhookRefused: 'The webhook signature is not valid.',
    /** Every lock screen while Seam refuses Porchlight's own key (§6). */
    keyRefused: 'Smart locks are unavailable: Porchlight’s Seam key is not accepted; the operator has been told.',
  },
  integrations: {
    // docs/decisions/029-pms-connectors.md §3, §14: connecting a booking system, its properties, disconnecting.
    needsKey: "Integrations need a secret key in this server's configuration (SECRETS_KEY); ask whoever runs Porchlight.",
    systemInvalid: 'Choose a booking system: Smoobu, Beds24 or Hostaway.',
    fieldsInvalid: 'Fill in every field of the form.',
    fieldNotKey: 'Keys and secrets are letters, digits and symbols without spaces. Paste them again.',
    fieldMissing: (label: string) => `Enter the ${label}.`,
    refused: (system: string, what: string) => `${system} did not accept this ${what}. Check them, or create a new key.`,
    inviteRefused: 'Beds24 did not accept this invite code; codes work once and for 24 hours. Generate a new one.',
    scopeMissing: (system: string) => `This ${system} code cannot read bookings, guests’ names and properties; generate one with bookings, bookings-personal and properties ticked.`,
    unreachable: (system: string) => `${system} did not answer. Try again in a minute.`,
    rateLimited: (system: string) => `${system} asks us to slow down. Try again in a few minutes.`,
    alreadyConnected: (system: string) => `${system} is already connected to this team. Disconnect it first to connect another account.`,
    notFound: 'This connection does not exist. Reload the Integrations screen.',
    /** What connecting again takes, per system (the screen's "connect it again …"). */
    reconnectWith: { smoobu: 'with a new API key and secret', beds24: 'with a new invite code', hostaway: 'with your account ID and a new API key' },
    cannotRead: 'Porchlight can no longer read these credentials (its secret key changed); connect again.',
    connected: (system: string) => `${system} is connected. Choose a guidebook for each property.`,
    disconnected: (system: string) => `${system} is disconnected; its credentials are deleted.`,
    unitsInvalid: 'Send each property with a guidebook, "not in Porchlight", or neither.',
    skippedWithGuidebook: 'A property is either mapped to a guidebook or "not in Porchlight", not both.',
    unitNotFound: 'A property in this save is not in this account. Reload the properties.',
    unitTwice: 'A property appears twice in this save.',
    guidebookTwice: 'Two properties cannot share one guidebook.',
    guidebookTaken: (guidebook: string) => `${guidebook} is already mapped to another property.`,
    unitsSaved: 'Properties saved.',
    // The dashboard's Integrations screen (docs/product/integrations.md).
    cannotManage: 'Only the team’s Owner and Admins can manage integrations. Ask one of them to connect your booking system.',
    loadFailed: 'The integrations could not be loaded.',
    // "Sync now" and the reconcile (§5, §12).
    syncBusy: 'A sync of this account is running',
    tooManySyncs: (minutes: number) => `Too many syncs of this account. Please try again in ${wait(minutes)}.`,
    reconnectFirst: (system: string) => `${system} needs to be connected again before it can be read.`,
    // The webhook route (§5): said to a booking system, or to whoever guessed at the address.
    hookNotFound: 'No connection has this webhook address.',
    hookRefused: 'This webhook could not be verified.',
    tooManyHooks: (minutes: number) => `Too many webhooks for this connection. Please try again in ${wait(minutes)}.`,
    synced: (counts: { added: number; moved: number; removed: number; updated: number; takenOver: number }) => {
      const parts = [
        counts.added > 0 ? `${count(counts.added, 'stay')} added` : '',
        counts.takenOver > 0 ? `${counts.takenOver} taken over from the calendar` : '',
        counts.moved > 0 ? `${counts.moved} moved` : '',
        counts.updated > 0 ? `${counts.updated} updated` : '',
        counts.removed > 0 ? `${counts.removed} removed` : '',
      ].filter(Boolean);
      return parts.length === 0 ? 'Nothing changed' : parts.join(', ');
    },
  },
  invitations: {
    // docs/decisions/028-teams.md §7: inviting, resending, revoking and accepting.
    sent: (email: string) => `Invitation sent to ${email}`,
    resent: (email: string) => `A new invitation was sent to ${email}; the earlier link no longer works.`,
    revoked: 'Invitation revoked',
    emailRequired: 'Please enter the e-mail address to invite.',
    emailInvalid: 'Please enter a valid e-mail address.',
    roleInvalid: 'Choose a role: Admin, Editor or Cleaner.',
    guidebooksRequired: 'Choose at least one guidebook this person may work on.',
    guidebookUnknown: 'One of the chosen guidebooks is not in this team. Reload and choose again.',
    alreadyMember: 'This person is already a member of the team.',
    alreadyInvited: 'This address already has an open invitation: use Resend to send a new link.',
    tooManyToday: 'This team has sent 20 invitations today. Please try again tomorrow.',
    mailBudget: (minutes: number) => `Too many e-mails to this address or from this team today. Please try again in ${minutes} minutes.`,
    notFound: 'This invitation does not exist. Ask the team owner for a new one.',
    notOpen: 'This invitation can no longer be resent or revoked.',
    otherAddress: (masked: string) => `This invitation is for ${masked}. Sign out and sign in with that address.`,
    expired: 'This invitation has expired. Ask the team owner to send a new one.',
    revokedLink: 'This invitation was withdrawn or replaced by a newer one. Ask the team owner for a new link.',
    used: 'This invitation has already been used.',
    tokenRequired: 'The invitation link is incomplete. Open the link from the e-mail again.',
    joined: (team: string) => `You joined ${team}.`,
  },
  members: {
    // docs/decisions/028-teams.md §5, §7: the members screen's changes, removal and leaving.
    notFound: 'This member is not in the team. Reload the list.',
    ownerFixed: "The owner's role and guidebooks cannot be changed.",
    ownerCannotLeave: 'The owner cannot leave or be removed from the team.',
    roleInvalid: 'Choose a role: Admin, Editor or Cleaner.',
    secretsInvalid: '"May see door codes and Wi-Fi" must be on or off.',
    nothingToChange: 'Send a role, guidebooks or "may see door codes and Wi-Fi" to change.',
    changed: (name: string) => `${name}'s access was changed.`,
    removed: (name: string) => `${name} was removed from the team.`,
    left: (team: string) => `You left ${team}.`,
  },
  settings: {
    saveFailed: 'Unable to save settings',
    fetchFailed: 'Failed to fetch the user data',
    updated: 'Settings Updated successfully',
    // A default place or extra deleted on Auto-Fill: only the defaults change, never a guidebook.
    confirmDeletionText: 'It leaves your Auto-Fill defaults when you save them. Guidebooks that already have it keep it.',
  },
  activity: {
    // docs/decisions/028-teams.md §9: the team's activity list.
    badCursor: 'That page of the activity does not exist. Reload the activity list.',
    loadFailed: 'The activity could not be loaded. Try again.',
  },
  address: {
    unresolved: 'Could not resolve address',
    failed: 'Address resolution failed',
    /** After either, when the link gave a point (docs/product/places.md): the point stays, the address is typed. */
    pointKept: 'The point on the map is kept: type the address yourself.',
  },
  sharing: {
    // The share dialog (options panel and editor) and its API.
    clipboardBlocked: 'Copy this link by hand: the browser blocked the clipboard.',
    emailRequired: "Please enter the guest's email address.",
    emailInvalid: 'Please enter a valid email address.',
    mailSent: 'Guidebook link sent',
    mailSentTo: (email: string) => `Guidebook link sent to ${email}`,
    mailFailed: 'The email could not be sent. Please try again.',
    formatInvalid: 'The QR code format must be png or svg.',
    languageNotOffered: (language: string) => `This guidebook is not in ${language}: choose its main language or one it is translated into.`,
    /** The send limits run over hours or a day, so the wait is said in the unit that reads best. */
    tooManyMails: (minutes: number) =>
      `Too many guidebook emails sent. Please try again in ${wait(minutes)}.`,
  },
  editor: {
    // docs/product.md §4 Editor: the step deletion dialog.
    confirmDeletionTitle: 'Confirm Deletion',
    // A card deleted in the editor goes with the next save, and History keeps the version before it.
    confirmDeletionText: 'It leaves the guidebook when you save. History keeps each saved version, so you can bring it back from there.',
    leaveTitle: 'Leave the editor?',
    // A save refused as stale (docs/product.md §4 Editor): keep the edits on the latest version, or discard them.
    keepEdits: 'Keep my changes',
    discardEdits: 'Discard my changes',
    conflictLoading: 'Looking at what changed elsewhere…',
    conflictLoadFailed: 'The latest version could not be loaded. Please try again.',
    changedElsewhere: 'Changed elsewhere',
    changedHere: 'Your changes',
    nothingChangedElsewhere: 'Saved elsewhere without changes to its content.',
    changedInBoth: (fields: string) => `${fields}: changed here and elsewhere. Keeping your changes replaces the other version there.`,
    keepTitle: 'Replace the other changes?',
    keepText: (fields: string) => `${fields} changed here and elsewhere: your version replaces the other one. Everything else changed elsewhere is kept.`,
    keepConfirm: 'Keep mine',
    discardTitle: 'Discard your changes?',
    discardText: 'The editor shows the latest version and what you changed here is lost.',
    discardConfirm: 'Discard',
    kept: 'Your changes are on the latest version. Save to keep them.',
    saved: 'Saved',
    readOnly: 'This guidebook was made on a paid plan. You can look at it, but editing it needs a plan again.',
    saveFailed: 'The guidebook could not be saved. Please try again.',
    loadFailed: 'The guidebook could not be loaded.',
    invalid: 'Some fields need a look before saving.',
  },
  checkout: {
    failed: 'Something went wrong.',
    returnError: 'Unable to load data.',
    unpaidTitle: 'Payment Unsuccessful',
    unpaidText: 'Your payment was unsuccessful, please try again.',
    paidTitle: 'Payment Successful',
    paidText: 'Thank you for subscribing to Porchlight. Now you can start using the premium features.',
  },
  app: {
    notFound: 'Page not found',
    crashed: 'Something went wrong',
    goHome: 'Go Back Home',
    reload: 'Reload',
  },
  orders: {
    // Extras guests order from a stay link, and the host's answers (docs/decisions/020).
    stayLinkOnly: 'Extras are ordered from a stay link.',
    // A guidebook's public link offers items only: the others move a stay's times (docs/decisions/020).
    needsStay: 'A late check-out or early check-in is booked from the personal stay link your host sends.',
    extraNotFound: 'This extra is not offered.',
    requested: 'Your request was sent to your host.',
    tooMany: (minutes: number) => `Too many requests. Please try again in ${wait(minutes)}.`,
    notFound: 'Order not found.',
    notWaiting: 'This order is no longer waiting for an answer.',
    slotTaken: 'Another booking now takes that time: decline this request instead.',
    approved: 'Request approved. Your guest gets an e-mail.',
    declined: 'Request declined. Your guest gets an e-mail.',
    // Paid orders (docs/decisions/020, the money flow).
    toPayment: 'Continue to payment.',
    paymentUnavailable: 'Payment could not be started just now. Nothing was charged; please try again in a moment.',
    approvedPaid: 'Order approved: the guest’s card was charged. Your guest gets an e-mail.',
    declinedPaid: 'Order declined: the hold on the guest’s card was released. Your guest gets an e-mail.',
    authorisationLapsed: 'The hold on the guest’s card has lapsed, so this order was cancelled. Nothing was charged.',
    capturedElsewhere: 'The guest’s card was already charged on Stripe, so the hold cannot be released: approve the order, or refund it.',
    notRefundable: 'Only a paid order can be refunded.',
    refunded: 'Refunded. Your guest gets an e-mail.',
  },
  orderLinks: {
    // The single-use Approve and Decline links of the host's order mail (docs/decisions/020).
    notValid: 'This link is not valid any more.',
    notValidText: 'Decision links work once, while the order waits for your answer. Your orders in the dashboard show where each one stands.',
    tooMany: (minutes: number) => `Too many tries from this connection. Please try again in ${wait(minutes)}.`,
    spent: (state: string, when: string) => `This order was ${state} on ${when}.`,
  },
  stays: {
    // Stays, their links, the secrets policy and the calendar feed.
    dateRequired: (label: string) => `Please enter the ${label} date and time.`,
    emailInvalid: 'Please enter a valid email address.',
    languageInvalid: 'The language must be a code like en or pt-BR.',
    nothingToChange: 'Send the fields of the stay to change.',
    allowOverlapInvalid: 'allowOverlap must be true or false.',
    checkOutBeforeCheckIn: 'Check-out must be after check-in.',
    tooLong: (days: number) => `A stay can be at most ${days} days long.`,
    tooManyAhead: (max: number) => `This guidebook already has ${max.toLocaleString('en')} stays that have not ended, the most it can hold. Delete some before adding more.`,
    notFound: 'Stay not found',
    created: 'Stay added',
    updated: 'Stay updated',
    deleted: 'Stay deleted',
    sent: 'Stay link sent',
    noEmail: "Enter the guest's email address to send the link to.",
    fromCalendar: 'This stay comes from your booking calendar: change its dates there, or remove the calendar.',
    // A booking system's stay (docs/decisions/029-pms-connectors.md §8): its dates, channel and guest are the system's.
    fromPms: (system: string) => `These come from ${system}. Change them there; Porchlight follows within a few minutes.`,
    deleteFromPms: (system: string) => `Cancel it in ${system}, or choose "not in Porchlight" for the property on the Integrations screen.`,
    noteInvalid: 'The note is plain text of at most 2,000 characters.',
    // One property, one stay at a time (docs/product/stays.md): "Add anyway" records the host's choice.
    overlaps: (others: string[]) => `These dates overlap ${others.length === 1 ? others[0] : `${others.slice(0, -1).join(', ')} and ${others.at(-1)}`}. Change the dates, or add it anyway if both guests really share the property.`,
    // A stay whose orders must follow it (docs/product/extras-and-orders.md): the host says what becomes of them.
    hasOrders: (count: number) => `This stay has ${count === 1 ? 'an order' : `${count} orders`} that ${count === 1 ? 'is' : 'are'} paid or waiting: choose to refund ${count === 1 ? 'it' : 'them'} or keep what was paid.`,
    ordersChoiceInvalid: 'Choose refund or keep for the orders of this stay.',
    deletedWithOrders: (ended: number) => `Stay deleted. ${ended === 1 ? 'Its order was ended' : `${ended} orders were ended`}, and the guest gets an e-mail.`,
    updatedOrdersMoved: (titles: string[]) => `Stay updated. Moved with it: ${titles.join(', ')}.`,
    updatedOrdersEnded: (titles: string[]) => `Stay updated. Not possible on the new dates, so ended and given back: ${titles.join(', ')}. Your guest gets an e-mail.`,
    tooManyWrites: (minutes: number) => `Too many stay changes. Please try again in ${wait(minutes)}.`,
    tooManyMails: (minutes: number) => `This address has had as many e-mails from Porchlight as it may get in a day. Please try again in ${wait(minutes)}.`,
    ended: 'This stay has ended',
    endedText: 'Thank you for staying with us. This link no longer shows the guidebook.',
    sharedWithBooking: 'Shared with your booking',
    sharedWithBookingText: 'Your host shares the door code and Wi-Fi password on the link of your booking.',
    tooEarly: (when: string) => `Your door code and Wi-Fi password appear here from ${when}.`,
    stayOver: 'Your stay is over: the door code and Wi-Fi password are no longer shown.',
    pinRequired: 'Enter the PIN from your host to see the door code and Wi-Fi password.',
    pinWrong: 'That PIN is not right. Check it and try again.',
    tooManyPins: (minutes: number) => `Too many wrong PINs. Please try again in ${wait(minutes)}.`,
    pinGuessingStopped: (minutes: number) => `Too many wrong PINs were tried on this guidebook today, so PINs are not checked here for ${wait(minutes)}. Your host has been told: ask them for the door code, or for the link of your booking.`,
    calendarUrlInvalid: 'The calendar link must start with https:// (or webcal://).',
    calendarSaved: 'Calendar saved',
    calendarRemoved: 'Calendar removed',
    calendarSynced: 'Calendar synced',
    noCalendar: 'This guidebook has no calendar link yet.',
    messageSent: 'Message sent. Your host gets it by email.',
    tooManySyncs: (minutes: number) => `Too many calendar syncs. Please try again in ${count(minutes, 'minute')}.`,
    tooManyMessages: (minutes: number) => `Too many messages. Please try again in ${wait(minutes)}.`,
    calendarRefused: 'This calendar link cannot be used: paste the public https:// (or webcal://) link your booking platform gives.',
    calendarSavedNotSynced: (error: string) => `Calendar saved, but not read yet: ${error} Porchlight tries again every 30 minutes.`,
    calendarSyncFailed: (error: string) => `${error} Your stays are unchanged.`,
    // Why the last sync failed (CalendarStatus.lastError): short, shown beside the last good sync.
    calendarUnreachable: (why: string) => `The calendar could not be reached (${why}).`,
    calendarAnswered: (status: number) => `The calendar answered ${status}.`,
    calendarTooLarge: (megabytes: number) => `The calendar is larger than ${megabytes} MB.`,
    calendarNotIcal: 'This link is not an iCal calendar.',
    calendarBlocked: 'This calendar link leads to an address Porchlight may not fetch.',
    // A hostile or broken feed (docs/decisions/014-calendar-feeds.md): refused whole, stays unchanged.
    calendarTooFrequent: 'This calendar repeats events more often than once a day; booking calendars never do, so it was not imported.',
    calendarTooSlow: 'This calendar took too long to read, so it was not imported.',
    calendarTooComplex: 'This calendar is too large to read, so it was not imported.',
    calendarUnreadable: 'This calendar could not be read, so it was not imported.',
    /** A feed with more bookings ahead than one guidebook takes (500 in the coming 18 months). */
    calendarSavedLeftOut: (imported: number, leftOut: number) =>
      `Calendar saved: ${imported.toLocaleString('en')} booking${imported === 1 ? '' : 's'} imported; ${leftOut.toLocaleString('en')} later or extra ${leftOut === 1 ? 'one was' : 'ones were'} left out.`,
    calendarSyncedLeftOut: (imported: number, leftOut: number) =>
      `Calendar synced: ${imported.toLocaleString('en')} booking${imported === 1 ? '' : 's'} imported; ${leftOut.toLocaleString('en')} later or extra ${leftOut === 1 ? 'one was' : 'ones were'} left out.`,
    staysQueryInvalid: 'Ask for the stays with group=current, upcoming or past, a limit from 1 to 100, and the cursor of the page before.',
    // The dashboard's Stays view.
    empty: 'No stays yet. Add one, or connect your booking calendar.',
    loadFailed: 'The stays could not be loaded.',
    saveFailed: 'The stay could not be saved. Please try again.',
    deleteTitle: 'Delete this stay?',
    deleteText: 'Its link stops working at once. Guests who have it see a “not found” page.',
    deleteFailed: 'The stay could not be deleted. Please try again.',
    sentTo: (email: string) => `Stay link sent to ${email}`,
    calendarFailed: 'The calendar could not be saved. Please try again.',
    syncFailed: 'The calendar could not be synced. Please try again.',
  },
  channels: {
    // Where a stay was booked, and what each channel's guests are offered (docs/decisions/028 §10).
    names: { direct: 'Direct', airbnb: 'Airbnb', booking: 'Booking.com', vrbo: 'Vrbo', other: 'Other', link: 'Public link' },
    channelInvalid: 'The channel must be direct, airbnb, booking, vrbo or other.',
    rulesInvalid: 'The rules by channel must be an object with direct, airbnb, booking, vrbo, other and link.',
    ruleInvalid: (who: string) => `The rule for ${who} must be an object with extras and feedback.`,
    extrasInvalid: (who: string) => `Extras for ${who} are "all", "none" or a list of extra ids.`,
    extrasAllOrNone: (who: string) => `In Auto-Fill, extras for ${who} are "all" or "none".`,
    feedbackInvalid: (who: string) => `Whether ${who} are asked for feedback is true or false.`,
    // The editor's "Guests by channel" section.
    title: 'Guests by channel',
    intro: 'What guests who booked on each channel are offered on their stay link, and what the public link offers. A stay takes its channel from the booking calendar; you can change it on the stay.',
    airbnbWhy: 'Airbnb wants optional fees for its bookings paid through Airbnb, and reviews of a stay left on Airbnb, free of outside influence. So Airbnb guests are offered no extras and are not asked for feedback, unless you change it here.',
    airbnbFees: 'Airbnb’s rule on fees',
    airbnbReviews: 'Airbnb’s review policy',
    extrasLabel: 'Extras',
    feedbackLabel: 'Ask for feedback',
    feedbackHint: 'The question “Was this guidebook helpful?” at the end of the page.',
    all: 'All extras',
    none: 'No extras',
    chosen: 'Chosen extras',
    chosenLegend: (who: string) => `Extras offered to ${who}`,
    noneChosen: 'None chosen yet: these guests see no extras.',
    noExtras: 'Add extras above to choose among them.',
    publicLinkItems: 'The public link offers items only; guests there give their name and e-mail.',
    publicLinkOff: 'Offers nothing while “Offer extras on the public link too” is off (Extras, above).',
    // The stays view and the calendar form.
    stayChannel: 'Booked on',
    stayChannelHint: 'Decides what this guest is offered (the guidebook’s “Guests by channel”). A calendar’s next sync keeps your choice.',
    detected: (name: string) => `Booked on ${name}: read from the link. Its stays follow that channel’s rules unless you change a stay.`,
  },
  http: {
    crossOrigin: 'Cross-origin requests are not allowed.',
    rateLimited: 'Too many requests. Please wait a moment and try again.',
  },
  translate: {
    /** The service failed, timed out, answered nonsense or refused our key (the log says which). */
    noAnswer: 'The translation service did not answer. Try again later.',
    busy: (minutes: number) => `The translation service is busy. Try again in ${wait(minutes)}.`,
    quota: 'Machine translation has used up its quota for now. Try again later, or translate by hand.',
    /** A language the configured service cannot translate from or into. */
    unsupported: (language: string) => `Machine translation cannot translate ${language}.`,
    sameLanguage: 'Choose a language other than the one the guidebook is written in.',
    /** Per field: what came back could not be used, the field is left for the host. */
    markersChanged: 'The translation lost or moved a marker (lock box or address); translate this field by hand.',
    markupAdded: 'The translation added formatting to plain text; translate this field by hand.',
    tooLong: 'This field is too long to translate in one go; translate it by hand.',
    missing: 'The translation service left this field out; try again or translate it by hand.',
    /** POST …/translations/:lang/draft when TRANSLATE_URL is unset. */
    off: 'Machine translation is not available.',
    unknownLanguage: 'Choose a language from the list.',
    tooManyDrafts: (minutes: number) => `Too many machine drafts. Try again in ${wait(minutes)}.`,
  },
  insights: {
    // GET /api/instruction/:id/insights (docs/product/insights.md).
    daysInvalid: (max: number) => `Days must be a whole number from 1 to ${max}.`,
  },
  guestFeedback: {
    // POST /api/guest/:token/feedback, in English (the guest dictionaries say the same in theirs).
    sent: 'Thanks for your feedback. Your host will see it.',
    helpfulRequired: 'Please choose Yes or No.',
    commentTooLong: (max: number) => `Your comment can be at most ${max} characters.`,
    tooMany: (minutes: number) => `Too many answers. Please try again in ${wait(minutes)}.`,
    // PATCH /api/guest/:token/feedback: the comment after the tap, too late or not this guest's answer.
    closed: 'This answer can no longer be changed.',
    // Either, from a link whose guests the host does not ask (their channel's rule, docs/decisions/028 §10).
    notAsked: 'This guidebook does not ask for feedback.',
    // DELETE /api/instruction/:id/feedback/:feedbackId (the host's).
    deleted: 'Feedback deleted.',
    notFound: 'This feedback does not exist.',
  },
  guestQuestions: {
    // DELETE /api/instruction/:id/questions/:questionId (docs/decisions/031 §13).
    deleted: 'Question deleted.',
    notFound: 'This question does not exist.',
  },
  contactLinks: {
    // Contact fields take what hosts type (src/lib/shared/contact-links.ts).
    whatsapp: 'Please enter a WhatsApp number, like +385 91 555 0101.',
    viber: 'Please enter a Viber number, like +385 91 555 0101.',
    telegram: 'Please enter a Telegram username, like @yourname (5 to 32 letters, digits or underscores), or a phone number.',
    facebook: 'Please enter a Facebook page name, like yourpage, or a facebook.com link.',
    instagram: 'Please enter an Instagram handle, like @yourname, or an instagram.com link.',
    countryCode: (service: string) => `Please start the ${service} number with its country code, like +385 91 555 0101.`,
    /** Under each contact field, as the host types: the link the guest page will use. */
    opens: (link: string) => `Guests will open ${link}`,
  },
} as const;

/** Toasts close after 3000 ms and sit bottom-center (docs/product.md §2, §9). */
export const TOAST_DURATION_MS = 3000;
