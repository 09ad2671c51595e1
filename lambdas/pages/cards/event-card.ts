/**
 * The picture a link to a race without one of its own previews with (issue 24): a 1200 x 630 PNG, the size
 * OpenGraph and Twitter's large card show uncropped, with the race's name, day, place, distances and price of the
 * day, and its status first when it is not simply scheduled. The layout is drawn by satori (flexbox to SVG, with the
 * glyphs as paths, so no system fonts are needed) and the SVG made a PNG by resvg in WebAssembly (no native binary
 * to build for ARM64): card-assets.ts finds the font and the WebAssembly module.
 */
import satori from 'satori';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { statusOf } from '#shared/event-status';
import { CARD_FONT_FAMILY, cardFonts, resvgModule } from './card-assets.ts';
import { cardLines, type CardFacts } from './card-facts.ts';
import { CARD_HEIGHT, CARD_WIDTH } from './card-format.ts';


/** The site's colours (web/src/components/base.css): the accent on a warm white, text at 7:1. */
const COLOURS = { accent: '#c2410c', soft: '#fff4ec', ink: '#1c1917', muted: '#57534e', white: '#ffffff' } as const;

interface Node {
  type: string;
  props: { style?: Record<string, unknown>; children?: Node | string | (Node | string)[] };
}

const box = (style: Record<string, unknown>, children?: Node['props']['children']): Node => ({ type: 'div', props: { style, children } });

/**
 * The name as the card can draw it: without emoji and their joiners and variation selectors, which Inter has no
 * glyph for (satori would draw a "no glyph" box); a name of emoji alone keeps them.
 */
export function drawableTitle(title: string): string {
  const drawable = title.replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200d|\ufe0f/gu, '').replace(/\s+/g, ' ').trim();
  return drawable || title;
}

function cardTree(facts: CardFacts, today: string): Node {
  const lines = cardLines(facts, today);
  const cancelled = statusOf(facts) === 'cancelled';
  const title = drawableTitle(facts.title);
  // Long names step down so most fit in three lines; the clamp ends any longer one with an ellipsis.
  const titleSize = title.length > 60 ? 56 : title.length > 32 ? 68 : 80;
  return box(
    { width: CARD_WIDTH, height: CARD_HEIGHT, display: 'flex', flexDirection: 'column', backgroundColor: COLOURS.soft, fontFamily: CARD_FONT_FAMILY, color: COLOURS.ink },
    [
      box({ height: 16, backgroundColor: COLOURS.accent }),
      box({ display: 'flex', flexDirection: 'column', flexGrow: 1, justifyContent: 'center', padding: '0 72px' }, [
        ...(lines.note
          ? [
              box(
                {
                  display: 'flex',
                  alignSelf: 'flex-start',
                  padding: '8px 20px',
                  marginBottom: 24,
                  borderRadius: 999,
                  fontSize: 28,
                  fontWeight: 700,
                  color: COLOURS.white,
                  backgroundColor: cancelled ? COLOURS.ink : COLOURS.accent,
                },
                lines.note,
              ),
            ]
          : []),
        box({ display: 'block', fontSize: titleSize, fontWeight: 700, lineHeight: 1.1, lineClamp: 3, letterSpacing: '-0.02em' }, title),
        box({ display: 'flex', flexDirection: 'column', marginTop: 32, fontSize: 36, color: COLOURS.muted, gap: 8 }, [
          box({ display: 'flex', color: COLOURS.ink, fontWeight: 700 }, lines.when),
          box({ display: 'flex' }, lines.where),
          ...(lines.what ? [box({ display: 'block', lineClamp: 1 }, lines.what)] : []),
        ]),
      ]),
      box({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '0 72px 44px', fontSize: 34, fontWeight: 700 }, [
        box({ display: 'flex', color: COLOURS.accent }, 'RaceFinder'),
        box({ display: 'flex', fontSize: 26, fontWeight: 400, color: COLOURS.muted }, 'Find, save and review endurance races'),
      ]),
    ],
  );
}

let wasmReady: Promise<void> | undefined;

/** The card as PNG bytes. The WebAssembly module is compiled once per process, on the first card. */
export async function renderEventCard(facts: CardFacts, today: string): Promise<Uint8Array> {
  wasmReady ??= resvgModule().then((module) => initWasm(module));
  const [fonts] = await Promise.all([cardFonts(), wasmReady]);
  // satori's element type is React's; these plain objects are what JSX would have made.
  const svg = await satori(cardTree(facts, today) as unknown as Parameters<typeof satori>[0], { width: CARD_WIDTH, height: CARD_HEIGHT, fonts });
  return new Resvg(svg, { fitTo: { mode: 'width', value: CARD_WIDTH } }).render().asPng();
}
