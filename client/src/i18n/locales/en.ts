/**
 * The English catalog: the source of every key. Each other catalog is typed as `Catalog`, so a
 * missing or extra key fails the type check. A feature adds its own top-level section.
 */
const en = {
  common: {
    brand: 'Bahati',
    loading: 'Loading…',
    retry: 'Try again',
    backHome: 'Back to home',
    skipToContent: 'Skip to content',
    externalLink: '(opens in a new tab)',
  },
  shell: {
    homeLink: 'Bahati home',
    tagline: 'Provably fair blackjack',
    mainMenu: 'Main menu',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    menu: {
      play: 'Play',
      deposit: 'Deposit',
      withdraw: 'Withdraw',
      bonuses: 'Bonuses',
      ledger: 'Ledger',
      admin: 'Admin',
      adminPlayers: 'Players',
      adminWithdrawRequests: 'Withdraw Requests',
    },
    profile: 'Profile',
    profileOf: 'Profile of {{name}}',
    signIn: 'Sign in',
    signOut: 'Sign out',
    balance: {
      label: 'Balance',
      sats: '{{amount}} sats',
      description: 'Balance: {{sats}} satoshis, about {{dollars}}',
      fixedPrice: 'Dollar value at a fixed reference price',
      livePrice: 'Dollar value at the current price',
    },
    footer: {
      nav: 'Information',
      contact: 'Contact',
      responsibleGaming: 'Responsible gaming',
      privacy: 'Privacy',
      terms: 'Terms of use',
      language: 'Language',
      adultsOnly: '18+ only. Play responsibly.',
      copyright: '© 2023 Bahati',
    },
  },
  auth: {
    title: 'Sign in to Bahati',
    intro: 'Sign in with your Google account to play. Your account is created the first time you sign in.',
    googleHint: 'Use the Google button to continue.',
    devIntro: 'Enter your e-mail address to sign in. Your account is created the first time you sign in.',
    devNote: 'Development sign-in: no password needed.',
    email: 'E-mail address',
    emailPlaceholder: 'you@example.com',
    name: 'Name',
    optional: '(optional)',
    submit: 'Sign in',
    submitting: 'Signing in…',
    invalidEmail: 'Enter a valid e-mail address.',
    failed: 'Sign-in failed. Please try again.',
    unavailable: 'Sign-in is unavailable right now. Please try again in a moment.',
    googleFailed: 'The Google sign-in button could not be loaded. Check your connection and try again.',
    sessionEnded: 'Your session has ended. Please sign in again.',
    signedInAs: 'You are signed in as {{email}}.',
    continue: 'Continue to the table',
    ageNotice: 'By signing in you confirm you are 18 or older and accept the terms of use.',
    steps: {
      title: 'What happens next',
      signIn: 'Sign in: your account is created the first time.',
      verify: 'Verify your phone number.',
      deposit: 'Deposit with Bitcoin or Lightning and take a seat.',
    },
  },
  content: {
    welcome: {
      eyebrow: 'Bitcoin blackjack',
      title: 'Blackjack you can verify.',
      text: 'Every shoe is shuffled from your seed and ours, so you can check every card after you play. Stake in satoshis, deposit with Bitcoin or Lightning.',
      getStarted: 'Get started',
      playNow: 'Play now',
      howItWorks: 'How it works',
      facts: {
        payout: 'Blackjack pays 3 to 2',
        decks: '4-deck shoe',
        lightning: 'Instant Lightning deposits',
      },
      tilesTitle: 'Why play at Bahati',
      tiles: {
        blog: {
          title: 'Blog',
          text: 'Strategy, safety and the maths behind the game.',
          link: 'Read the blog',
        },
        provablyFair: {
          title: 'Provably fair',
          text: 'Set your own seed before the first hand and verify every shuffle afterwards.',
          link: 'How it is proven',
        },
        bitcoin: {
          title: 'Bitcoin only',
          text: 'Deposit and withdraw in Bitcoin, on-chain or instantly over Lightning.',
          link: 'Bitcoin setup',
        },
        transparency: {
          title: 'Transparency',
          text: 'Our rules, return rates and policies, published in full.',
          link: 'Read the policy',
        },
        bonus: {
          title: 'Deposit bonus',
          text: 'A 100% bonus on your first deposit.',
          link: 'Bonus details',
        },
        vpn: {
          title: 'VPN advice',
          text: 'A VPN protects your privacy, but it does not change where you are allowed to play.',
          link: 'Read an independent guide',
        },
      },
      bonus: {
        title: 'First deposit bonus',
        lead: 'Make your first deposit and we offer you a 100% bonus: deposit 50,000 sats and play with 100,000.',
        accept: 'Accept or decline the offer on the Bonuses page. An offer expires after 30 days.',
        playthrough: 'Playthrough: wager 100 times the bonus plus the deposit before you withdraw.',
        forgiven: 'While a bonus is active, withdrawals are locked. If your bank reaches zero, the requirement is waived.',
        terms: 'Full terms',
      },
    },
    notFound: {
      title: 'Page not found',
      text: 'The page you are looking for does not exist or has moved.',
    },
  },
  errors: {
    title: 'Something went wrong',
    text: 'We could not show this page. Your balance and your hands are safe.',
    reload: 'Reload the page',
  },
};

export type Catalog = typeof en;
export default en;
