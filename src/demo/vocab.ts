/**
 * Word lists the generators combine into names, titles and comments. Everything is fictional
 * (people, countries, clubs, films, labs) except well-known assets and institutions, so the
 * demo reads like a real exchange without making claims about real people.
 */
import type { NewCreator, NewSite, NewTag } from '../catalog/write.js';

export const TAGS: NewTag[] = [
  { label: 'Politics', slug: 'politics' },
  { label: 'Elections', slug: 'elections' },
  { label: 'World', slug: 'world' },
  { label: 'Crypto', slug: 'crypto' },
  { label: 'Bitcoin', slug: 'bitcoin' },
  { label: 'Sports', slug: 'sports' },
  { label: 'Soccer', slug: 'soccer' },
  { label: 'Tennis', slug: 'tennis' },
  { label: 'Economy', slug: 'economy' },
  { label: 'Fed Rates', slug: 'fed-rates' },
  { label: 'Science', slug: 'science' },
  { label: 'Space', slug: 'space' },
  { label: 'Tech', slug: 'tech' },
  { label: 'AI', slug: 'ai' },
  { label: 'Culture', slug: 'culture' },
  { label: 'Movies', slug: 'movies' },
  { label: 'Music', slug: 'music' },
  { label: 'Climate', slug: 'climate', requiresTranslation: true },
];

export const SITES: NewSite[] = [
  { id: 'sibyl', name: 'Sibyl', domain: 'sibyl.local' },
  { id: 'delphi', name: 'Delphi Markets', domain: 'delphi.local' },
];

/** Event creators; `hasWallet` marks the ones that get a wallet (a profile) of their own. */
export const CREATORS: Array<NewCreator & { hasWallet: boolean }> = [
  { creatorName: 'Sibyl Markets', creatorHandle: 'sibyl', creatorUrl: 'https://sibyl.local', hasWallet: true },
  { creatorName: 'Delphi Research', creatorHandle: 'delphi_research', creatorUrl: 'https://delphi.local/research', hasWallet: true },
  { creatorName: 'The Oracle Desk', creatorHandle: 'oracledesk', creatorUrl: 'https://oracledesk.example', hasWallet: false },
  { creatorName: 'Courtside Analytics', creatorHandle: 'courtside', creatorUrl: 'https://courtside.example', hasWallet: true },
  { creatorName: 'Pundit Labs', creatorHandle: 'punditlabs', creatorUrl: 'https://punditlabs.example', hasWallet: false },
  { creatorName: 'Ledger & Line', creatorHandle: 'ledgerline', creatorUrl: 'https://ledgerline.example', hasWallet: true },
];

export const FIRST_NAMES = [
  'Amara', 'Bastian', 'Celeste', 'Dario', 'Elena', 'Farid', 'Greta', 'Hugo', 'Ines', 'Jonas', 'Kaia', 'Leon',
  'Marisol', 'Niko', 'Odette', 'Pavel', 'Quinn', 'Rosa', 'Soren', 'Talia', 'Umberto', 'Vera', 'Wendell', 'Ximena',
  'Yusuf', 'Zora', 'Anselm', 'Brigid', 'Caspian', 'Delphine', 'Emeric', 'Fiora', 'Gideon', 'Helena', 'Ivo', 'Juno',
];

export const LAST_NAMES = [
  'Achterberg', 'Belloc', 'Castellan', 'Drummond', 'Eskildsen', 'Falk', 'Grimaldi', 'Halvorsen', 'Ibarra', 'Janssen',
  'Kovac', 'Lindqvist', 'Moreau', 'Nakamura', 'Okonkwo', 'Petrescu', 'Quaresma', 'Rasmussen', 'Szabo', 'Thorne',
  'Ulloa', 'Varga', 'Whitcombe', 'Xu', 'Yilmaz', 'Zeller', 'Abernathy', 'Brandt', 'Colquhoun', 'Delacroix',
];

export const COUNTRIES = ['Valdoria', 'Northmark', 'Estrava', 'Caldera', 'Orinthia', 'Meridia', 'Tavira', 'Kesslund', 'Solmara', 'Brevik'];
export const CITIES = ['Port Aurelia', 'New Halden', 'Marisport', 'Ashvale', 'Kingsreach', 'Lowmoor', 'Eastgate', 'Silverton', 'Redcliff', 'Brightwater', 'Thornbury', 'Westholm'];
export const CLUB_SUFFIXES = ['FC', 'United', 'Athletic', 'Rovers', 'City', 'Wanderers'];
export const PARTIES = ['Green Alliance', 'Liberal Union', 'Social Democrats', 'Citizens Forum', 'Pirate Party', 'Agrarian League', 'Reform Movement'];
export const LABS = ['Arcadia AI', 'Lumen Labs', 'Northstar Research', 'Cortex Systems', 'Halcyon Intelligence', 'Quill Dynamics', 'Vantage AI'];
export const FILM_A = ['The Last', 'Midnight', 'Silent', 'Golden', 'Broken', 'Neon', 'Paper', 'Electric', 'Hollow', 'Velvet', 'Distant', 'Crimson'];
export const FILM_B = ['Harbor', 'Kingdom', 'Orchard', 'Signal', 'Frontier', 'Lanterns', 'Tide', 'Empire', 'Garden', 'Comet', 'Horizon', 'Choir'];
export const ARTISTS = ['Nova Reyes', 'The Lantern Keepers', 'Mika Sol', 'Juniper Vale', 'Orbit Kids', 'DJ Halcyon', 'Sable & Thistle'];
export const ASSETS: Array<{ name: string; symbol: string; price: number; step: number }> = [
  { name: 'Bitcoin', symbol: 'BTC', price: 96_000, step: 2_000 },
  { name: 'Ethereum', symbol: 'ETH', price: 3_400, step: 200 },
  { name: 'Solana', symbol: 'SOL', price: 210, step: 10 },
  { name: 'Gold', symbol: 'XAU', price: 2_900, step: 100 },
];

/** Pseudonyms are "Adjective-Animal", like the auto-generated ones of the original service. */
export const PSEUDO_ADJ = ['Brave', 'Quiet', 'Lucky', 'Clever', 'Gentle', 'Rapid', 'Sunny', 'Frosty', 'Mellow', 'Bold', 'Witty', 'Calm', 'Golden', 'Silver', 'Nimble', 'Stoic'];
export const PSEUDO_NOUN = ['Tortoise', 'Heron', 'Otter', 'Falcon', 'Badger', 'Lynx', 'Marmot', 'Tuna', 'Walrus', 'Gecko', 'Ibis', 'Koala', 'Panda', 'Raven', 'Yak', 'Moose'];
export const HANDLE_WORDS = ['whale', 'oracle', 'degen', 'quant', 'macro', 'edge', 'alpha', 'sharp', 'punter', 'fade', 'yes', 'contrarian', 'bayes', 'kelly', 'vol', 'tape'];

export const BIOS = [
  'Macro trader. Mostly rates and elections.', 'I read polls so you do not have to.', 'Full-time sports modeller, part-time optimist.',
  'Crypto since 2016. Not financial advice.', 'Bayesian by training, contrarian by temperament.', 'Data scientist. Forecasting is a team sport.',
  'Former journalist, current superforecaster wannabe.', 'Climate nerd. Watching the ice.', 'Film buff; I predict the awards every year.',
  'Market maker in my spare time.', 'Here for the long shots.', '',
];

export const REACTIONS: ReadonlyArray<readonly [{ type: string; icon: string }, number]> = [
  [{ type: 'HEART', icon: '❤️' }, 6], [{ type: 'THUMBS_UP', icon: '👍' }, 4], [{ type: 'FIRE', icon: '🔥' }, 2],
  [{ type: 'LAUGH', icon: '😂' }, 2], [{ type: 'THINKING', icon: '🤔' }, 1],
];

/** Top-level comments about one candidate or bucket; `{x}` is its name ("Elena Moreau", "2.5%"). */
export const SUBJECT_COMMENTS = [
  '{x} is badly mispriced here, in my opinion.', 'Everyone is sleeping on {x}.', 'No way it is {x}. Fading this hard.',
  'Latest reporting makes {x} a lot more likely than the market thinks.', 'Anyone have a good model for {x}?',
  'I have been tracking {x} for months. Happy to share my notes.', 'Too much recency bias around {x} right now.',
  'Why is nobody talking about {x}?', 'Serious question: what would have to happen for {x} to win this?',
];

/** Top-level comments that fit any market, event or series. */
export const GENERIC_COMMENTS = [
  'Yes is badly mispriced here, in my opinion.', 'No way this resolves Yes. Fading it.', 'The base rate says this is a coin flip at best.',
  'Read the resolution rules before you size up on this one.', 'Liquidity is thin here, be careful with size.',
  'Bookmarking this. It will be a wild one.', 'The market is overreacting to the latest headlines.',
  'Serious question: what would have to happen for this to resolve Yes?', 'Anyone have a good model for this?',
  'I have been tracking this for months. Happy to share my notes.', 'Priced about right, in my view. Staying out.',
];

export const REPLY_COMMENTS = [
  'Agreed, well put.', 'Hard disagree. The fundamentals point the other way.', 'Source?', 'This aged well.',
  'You are ignoring the timeline here.', 'Good point, I had not considered that.', 'Same read. Sized up a bit.',
  'The rules are clear on this one, check the description.', 'Could you expand on that?', 'Respectfully, that is cope.',
  'Saw the same thing. Interesting times.', 'Ha, we will see in a few weeks.', 'That is exactly why I am staying out.',
  'Thanks, this is the kind of comment that makes the thread worth reading.', 'Not sure the market agrees with you.',
];
