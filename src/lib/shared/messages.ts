/**
 * User-facing texts of SPEC §8, in one place so the UI, the API and the tests use the same
 * strings. Obvious misspellings of the SPEC are corrected (ARCHITECTURE.md, API contract).
 */
export const messages = {
  contact: {
    sent: 'Email Sent',
    nameRequired: 'Please enter your name.',
    emailRequired: 'Please enter your email address.',
    emailInvalid: 'Please enter a valid email address.',
    messageRequired: 'Please enter a message.',
    tooLong: 'Your message is too long.',
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
  instruction: {
    linkCopied: 'Link copied successfully',
    duplicated: 'Duplicate created successfully',
    duplicateFailed: 'A duplicate was not created',
    linkUpdated: 'Link Updated',
    linkNotChanged: 'Link was not changed',
    deleteFailed: 'Failed deleting instruction',
    codeChanged: 'Code Changed Successfully',
    codeNotChanged: 'Code was not changed',
    created: 'New instruction created successfully',
    createFailed: 'Failed to create a new instruction',
    updated: 'Product Updated',
    outOfFree:
      'You are out of free instructions. Editing will be possible only for the free instructions. To make new instructions please subscribe to a plan.',
    unsavedChanges: 'You have unsaved changes. Leave anyway?',
  },
  auth: {
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
    resetMailSent: 'An email was sent to the account. Please follow the instructions.',
    nameUpdated: 'User Name updated',
    passwordUpdated: 'User Password updated',
    emailSent: 'Email was sent.',
    passwordChanged: 'Password Changed Successfully',
    emailVerified: 'Email Verified',
    alreadyVerified: 'Your email is already verified.',
    verificationFailed: 'Verification Failed',
  },
  upload: { noFile: 'No file selected', failed: 'Upload failed' },
  settings: {
    saveFailed: 'Unable to save settings',
    fetchFailed: 'Failed to fetch the user data',
    updated: 'Settings Updated successfully',
  },
  address: { unresolved: 'Could not resolve address', failed: 'Address resolution failed' },
  checkout: {
    failed: 'Something went wrong.',
    returnError: 'Unable to load data.',
    unpaidTitle: 'Payment Unsuccessful',
    unpaidText: 'Your payment was unsuccessful, please try again.',
    paidTitle: 'Payment Successful',
    paidText: 'Thank you for subscribing to the product. Now you can start using the premium features.',
  },
  app: {
    notFound: 'Page not found',
    crashed: 'Something went wrong',
    goHome: 'Go Back Home',
    reload: 'Reload',
  },
  http: {
    crossOrigin: 'Cross-origin requests are not allowed.',
    rateLimited: 'Too many requests. Please wait a moment and try again.',
  },
} as const;

/** Toasts close after 3000 ms and sit bottom-center (SPEC §2, §9). */
export const TOAST_DURATION_MS = 3000;
