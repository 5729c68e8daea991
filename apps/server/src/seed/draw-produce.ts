import sharp from 'sharp';
import { type Random, seededRandom } from '../lib/seeded-random.js';

/**
 * Pictures for the demo neighbourhood, drawn in code so the demo needs no photo files,
 * no network and no licences: simple shapes, gradients, soft shadows on a table.
 * Every picture is an 800 px square (listings) or a 400 px square (profile pictures).
 */

export type ProduceSubject =
  | 'tomatoes'
  | 'cherry-tomatoes'
  | 'carrots'
  | 'lettuce'
  | 'salad'
  | 'chard'
  | 'bok-choy'
  | 'zucchini'
  | 'cucumbers'
  | 'pumpkins'
  | 'chiles'
  | 'corn'
  | 'strawberries'
  | 'rhubarb'
  | 'potatoes'
  | 'garlic'
  | 'apples'
  | 'bell-peppers'
  | 'beans';

/** What a seed packet shows in its window. */
export type PacketSubject =
  | 'tomatoes'
  | 'beans'
  | 'zinnias'
  | 'sunflower'
  | 'chiles'
  | 'pumpkins'
  | 'basil'
  | 'shiso'
  | 'lettuce'
  | 'carrots'
  | 'milkweed';

export type PotPlant =
  | 'basil'
  | 'mint'
  | 'tomato-start'
  | 'pothos'
  | 'jade'
  | 'snake-plant'
  | 'lemongrass'
  | 'lavender'
  | 'coneflower'
  | 'raspberry'
  | 'strawberry';

export type Picture =
  | { kind: 'produce'; subject: ProduceSubject }
  | { kind: 'packet'; subject: PacketSubject; label: string; band: string; seed: SeedLook }
  | { kind: 'pot'; plant: PotPlant }
  | { kind: 'tray'; plant: 'kale' | 'pepper' };

/** How the loose seeds in front of a packet look. */
export type SeedLook = 'bean' | 'flat' | 'tiny' | 'striped';

const f = (n: number) => Math.round(n * 10) / 10;

/** Collects the shapes and shared definitions (gradients, filters) of one picture. */
class Sketch {
  private readonly defs = new Map<string, string>();
  private readonly ids = new Map<string, string>();
  private parts: string[] = [];

  constructor(readonly random: Random) {}

  between(a: number, b: number) {
    return a + (b - a) * this.random();
  }

  add(...markup: string[]) {
    this.parts.push(...markup);
  }

  /** Draws with `draw` and returns its markup instead of adding it, to wrap it in a group. */
  capture(draw: () => void): string {
    const before = this.parts;
    this.parts = [];
    draw();
    const captured = this.parts.join('');
    this.parts = before;
    return captured;
  }

  private define(key: string, markup: (id: string) => string): string {
    let id = this.ids.get(key);
    if (!id) {
      id = `d${this.ids.size}`;
      this.ids.set(key, id);
      this.defs.set(id, markup(id));
    }
    return id;
  }

  /** A round-looking fill: a light spot up left, the colour, a dark rim. */
  ball(light: string, base: string, dark: string, cx = '36%', cy = '30%'): string {
    const id = this.define(
      `ball:${light}:${base}:${dark}:${cx}:${cy}`,
      (id) =>
        `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="75%">` +
        `<stop offset="0" stop-color="${light}"/><stop offset=".5" stop-color="${base}"/>` +
        `<stop offset="1" stop-color="${dark}"/></radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** A straight gradient; `vertical` runs top to bottom, otherwise left to right. */
  linear(stops: string[], vertical = true): string {
    const id = this.define(`lin:${vertical}:${stops.join(':')}`, (id) => {
      const s = stops
        .map((c, i) => `<stop offset="${f(i / Math.max(1, stops.length - 1))}" stop-color="${c}"/>`)
        .join('');
      const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
      return `<linearGradient id="${id}" ${dir}>${s}</linearGradient>`;
    });
    return `url(#${id})`;
  }

  /** A definition given whole (patterns, clip paths); returns its id. */
  raw(key: string, markup: (id: string) => string): string {
    return this.define(key, markup);
  }

  /** The soft shadow an object casts on the table (a fading ellipse: far cheaper than a blur filter). */
  shadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.22) {
    const id = this.define(
      `shadow:${opacity}`,
      (id) =>
        `<radialGradient id="${id}"><stop offset="0" stop-color="#3a2a18" stop-opacity="${f(opacity * 1.6 * 100) / 100}"/>` +
        `<stop offset=".55" stop-color="#3a2a18" stop-opacity="${f(opacity * 100) / 100}"/><stop offset="1" stop-color="#3a2a18" stop-opacity="0"/></radialGradient>`,
    );
    this.add(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx * 1.15)}" ry="${f(ry * 1.5)}" fill="url(#${id})"/>`);
  }

  svg(size: number, view = 800): string {
    const defs = [...this.defs.values()].join('');
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${view} ${view}">` +
      `<defs>${defs}</defs>${this.parts.join('')}</svg>`
    );
  }
}

const at = (x: number, y: number, angle = 0, scale = 1) =>
  `translate(${f(x)} ${f(y)})${angle ? ` rotate(${f(angle)})` : ''}${scale !== 1 ? ` scale(${f(scale * 100) / 100})` : ''}`;

/** A leaf with its base at the origin, pointing up (towards -y). */
function leafPath(length: number, width: number): string {
  const L = length;
  const W = width;
  return `M0 0C${f(W * 0.62)} ${f(-L * 0.12)} ${f(W * 0.55)} ${f(-L * 0.72)} 0 ${f(-L)}C${f(-W * 0.55)} ${f(-L * 0.72)} ${f(-W * 0.62)} ${f(-L * 0.12)} 0 0Z`;
}

/** A tapering pod with its round end at the origin and its tip at (bend, length). */
function podPath(length: number, width: number, bend = 0): string {
  const w = width / 2;
  return (
    `M${f(-w)} 0C${f(-w)} ${f(length * 0.45)} ${f(bend - width * 0.12)} ${f(length * 0.88)} ${f(bend)} ${f(length)}` +
    `C${f(bend + width * 0.12)} ${f(length * 0.88)} ${f(w)} ${f(length * 0.45)} ${f(w)} 0` +
    `Q0 ${f(-width * 0.4)} ${f(-w)} 0Z`
  );
}

function leaf(
  s: Sketch,
  x: number,
  y: number,
  angle: number,
  length: number,
  width: number,
  fill: string,
  vein = '#e8f5c8',
) {
  s.add(
    `<g transform="${at(x, y, angle)}"><path d="${leafPath(length, width)}" fill="${fill}"/>` +
      `<path d="M0 0Q${f(width * 0.04)} ${f(-length * 0.5)} 0 ${f(-length * 0.92)}" stroke="${vein}" stroke-width="${f(Math.max(1.5, width * 0.035))}" fill="none" opacity=".55"/></g>`,
  );
}

function highlight(s: Sketch, x: number, y: number, rx: number, ry: number, angle = -35, opacity = 0.45) {
  s.add(
    `<ellipse cx="0" cy="0" rx="${f(rx)}" ry="${f(ry)}" transform="${at(x, y, angle)}" fill="#fff" opacity="${opacity}"/>`,
  );
}

// ——— the room ———

const WALLS: [string, string][] = [
  ['#fbf3e4', '#ecd9bd'],
  ['#eef5e6', '#d3e3c4'],
  ['#f6ede6', '#e4cfc2'],
  ['#eaf2f4', '#cadbe0'],
  ['#fbf6df', '#eadfb0'],
];

function backdrop(s: Sketch, surface: 'wood' | 'linen') {
  const [light, dark] = WALLS[Math.floor(s.random() * WALLS.length)]!;
  const wall = s.raw(
    `wall:${light}`,
    (id) =>
      `<radialGradient id="${id}" cx="50%" cy="28%" r="85%"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></radialGradient>`,
  );
  s.add(`<rect width="800" height="800" fill="url(#${wall})"/>`);
  if (surface === 'wood') {
    s.add(`<rect y="560" width="800" height="240" fill="${s.linear(['#d8a56c', '#c58f55', '#a8733f'])}"/>`);
    for (const y of [616, 688, 760]) s.add(`<path d="M0 ${y}H800" stroke="#8a5a2b" stroke-width="2" opacity=".25"/>`);
    for (let i = 0; i < 9; i++) {
      const y = s.between(575, 790);
      const x = s.between(0, 700);
      s.add(
        `<path d="M${f(x)} ${f(y)}q60 -4 ${f(s.between(90, 180))} 2" stroke="#8a5a2b" stroke-width="1.5" fill="none" opacity=".18"/>`,
      );
    }
    s.add(`<path d="M0 561H800" stroke="#f3cf9c" stroke-width="3" opacity=".7"/>`);
  } else {
    s.add(`<rect y="540" width="800" height="260" fill="${s.linear(['#f6efe3', '#e8dccb'])}"/>`);
    const weave = s.raw(
      'linen',
      (id) =>
        `<pattern id="${id}" width="8" height="8" patternUnits="userSpaceOnUse"><path d="M0 4H8M4 0V8" stroke="#c9b89c" stroke-width=".8" opacity=".35"/></pattern>`,
    );
    s.add(`<rect y="540" width="800" height="260" fill="url(#${weave})"/>`);
    s.add(`<path d="M0 541H800" stroke="#fffaf1" stroke-width="3"/>`);
  }
  const vignette = s.raw(
    'vignette',
    (id) =>
      `<radialGradient id="${id}" cx="50%" cy="45%" r="75%"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".16"/></radialGradient>`,
  );
  s.add(`<rect width="800" height="800" fill="url(#${vignette})"/>`);
}

// ——— produce ———

type Palette = [light: string, base: string, dark: string];
const RED: Palette = ['#ff8a6a', '#e0392b', '#8f1d14'];
const PURPLE_TOMATO: Palette = ['#c97a70', '#8a3a3f', '#4a1c22'];
const PINK_TOMATO: Palette = ['#ffab98', '#e2574c', '#9e2b25'];
const GOLD: Palette = ['#ffe58a', '#f5a623', '#b8690c'];
const ORANGE: Palette = ['#ffc27a', '#f07c1b', '#a84a08'];
const GREEN_LEAF = '#3f8a2e';

function calyx(s: Sketch, x: number, y: number, size: number, color = '#3e7d25') {
  const sepals = Array.from({ length: 5 }, (_, k) => {
    const angle = k * 72 + s.between(-12, 12);
    return `<path d="${leafPath(size, size * 0.38)}" transform="rotate(${f(angle)})" fill="${color}"/>`;
  }).join('');
  s.add(`<g transform="translate(${f(x)} ${f(y)}) scale(1 .5)">${sepals}</g>`);
  s.add(
    `<path d="M${f(x)} ${f(y)}q${f(size * 0.1)} ${f(-size * 0.35)} ${f(size * 0.3)} ${f(-size * 0.45)}" stroke="#4a7a2a" stroke-width="${f(size * 0.16)}" stroke-linecap="round" fill="none"/>`,
  );
}

function tomato(s: Sketch, x: number, y: number, r: number, palette: Palette, ribs = true) {
  s.shadow(x + r * 0.12, y + r * 0.86, r * 1.05, r * 0.22);
  s.add(`<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r * 1.08)}" ry="${f(r * 0.94)}" fill="${s.ball(...palette)}"/>`);
  if (ribs) {
    for (const side of [-1, 1]) {
      s.add(
        `<path d="M${f(x + side * r * 0.35)} ${f(y - r * 0.78)}Q${f(x + side * r * 0.8)} ${f(y)} ${f(x + side * r * 0.4)} ${f(y + r * 0.82)}" stroke="${palette[2]}" stroke-width="${f(r * 0.05)}" fill="none" opacity=".3"/>`,
      );
    }
  }
  highlight(s, x - r * 0.4, y - r * 0.42, r * 0.22, r * 0.11);
  calyx(s, x, y - r * 0.86, r * 0.42);
}

function drawTomatoes(s: Sketch) {
  leaf(s, 560, 560, 62, 210, 120, GREEN_LEAF);
  leaf(s, 250, 575, -70, 180, 100, '#4c9a35');
  const fruit: [number, number, number, Palette][] = [
    [300, 500, 92, PINK_TOMATO],
    [500, 490, 98, PURPLE_TOMATO],
    [210, 615, 88, RED],
    [405, 620, 108, PURPLE_TOMATO],
    [610, 625, 90, RED],
  ];
  for (const [x, y, r, p] of fruit) tomato(s, x, y, r, p);
}

function drawCherryTomatoes(s: Sketch) {
  // basket: back wall, the fruit heaped inside, then the front wall over their lower half
  s.shadow(405, 720, 230, 34, 0.28);
  s.add(`<ellipse cx="400" cy="520" rx="190" ry="42" fill="#7a5530"/>`);
  const heap: [number, number][] = [];
  for (let row = 0; row < 3; row++) {
    const count = 6 - row;
    for (let i = 0; i < count; i++) {
      heap.push([400 + (i - (count - 1) / 2) * 62 + s.between(-8, 8), 520 - row * 40 + s.between(-6, 6)]);
    }
  }
  heap.sort((a, b) => a[1] - b[1]);
  for (const [x, y] of heap.reverse()) {
    const p = s.random() < 0.75 ? GOLD : ORANGE;
    s.add(`<circle cx="${f(x)}" cy="${f(y)}" r="36" fill="${s.ball(...p)}"/>`);
    highlight(s, x - 12, y - 14, 8, 4.5);
    s.add(
      `<path d="M${f(x - 6)} ${f(y - 33)}l6 -4 6 4" stroke="#4d8a2a" stroke-width="4" fill="none" stroke-linecap="round"/>`,
    );
  }
  s.add(
    `<path d="M210 520L250 715Q400 745 550 715L590 520Q400 575 210 520Z" fill="${s.linear(['#ecd2a2', '#d6b27a', '#b88d55'])}"/>`,
  );
  for (let i = 1; i < 8; i++) {
    const x0 = 210 + i * 47.5;
    const x1 = 250 + i * 37.5;
    s.add(
      `<path d="M${f(x0)} ${f(525 + Math.sin((i / 8) * Math.PI) * 28)}L${f(x1)} ${f(715 + Math.sin((i / 8) * Math.PI) * 22)}" stroke="#a37a45" stroke-width="2.5" opacity=".55"/>`,
    );
  }
  s.add(`<path d="M214 540Q400 600 586 540" stroke="#a37a45" stroke-width="10" fill="none" opacity=".6"/>`);
  s.add(`<path d="M210 520Q400 575 590 520" stroke="#f2dcae" stroke-width="9" fill="none" stroke-linecap="round"/>`);
  for (const [x, y] of [
    [650, 700],
    [150, 690],
    [700, 650],
  ] as const) {
    s.shadow(x + 4, y + 30, 36, 8);
    s.add(`<circle cx="${x}" cy="${y}" r="34" fill="${s.ball(...GOLD)}"/>`);
    highlight(s, x - 11, y - 13, 8, 4.5);
  }
}

function frond(s: Sketch, x: number, y: number, angle: number, length: number) {
  const leaflets = Array.from({ length: 7 }, (_, i) => {
    const t = (i + 1) / 8;
    const side = i % 2 ? 1 : -1;
    return `<path d="M0 ${f(-length * t)}l${f(side * 26)} ${f(-18)}" stroke="#5aa03a" stroke-width="7" stroke-linecap="round"/>`;
  }).join('');
  s.add(
    `<g transform="${at(x, y, angle)}"><path d="M0 0Q6 ${f(-length * 0.5)} 0 ${f(-length)}" stroke="#4c8f2f" stroke-width="6" fill="none"/>${leaflets}</g>`,
  );
}

function carrot(s: Sketch, x: number, y: number, angle: number, length: number, width: number, palette: Palette) {
  const lines = Array.from({ length: 6 }, (_, i) => {
    const t = 0.15 + i * 0.13;
    const w = (width / 2) * (1 - t * 0.85);
    return `<path d="M${f(-w)} ${f(length * t)}q${f(w * 0.6)} 5 ${f(w * 0.9)} 0" stroke="${palette[2]}" stroke-width="2.5" fill="none" opacity=".45"/>`;
  }).join('');
  s.add(
    `<g transform="${at(x, y, angle)}"><path d="${podPath(length, width, s.between(-10, 10))}" fill="${s.ball(palette[0], palette[1], palette[2], '30%', '40%')}"/>${lines}</g>`,
  );
}

function drawCarrots(s: Sketch) {
  const rows: [number, number, Palette][] = [
    [455, -86, ORANGE],
    [515, -91, ['#c77ab0', '#6b2d5c', '#3a1432']],
    [575, -94, ORANGE],
    [635, -88, ['#ffd27a', '#f08c1b', '#a85608']],
    [695, -92, ORANGE],
  ];
  for (const [y] of rows) s.shadow(440, y + 30, 240, 14, 0.16);
  for (const [y, angle] of rows) {
    frond(s, 280, y, angle - 22, 150);
    frond(s, 280, y, angle + 4, 170);
    frond(s, 280, y, angle + 26, 140);
  }
  for (const [y, angle, p] of rows) carrot(s, 280, y, angle, s.between(380, 430), s.between(62, 74), p);
}

function leafBlob(s: Sketch, x: number, y: number, angle: number, rx: number, ry: number, fill: string, edge: string) {
  s.add(
    `<g transform="${at(x, y, angle)}"><path d="M0 ${f(-ry)}C${f(rx * 0.6)} ${f(-ry * 1.1)} ${f(rx * 1.05)} ${f(-ry * 0.4)} ${f(rx)} 0` +
      `C${f(rx * 1.08)} ${f(ry * 0.5)} ${f(rx * 0.5)} ${f(ry * 1.05)} 0 ${f(ry)}C${f(-rx * 0.5)} ${f(ry * 1.05)} ${f(-rx * 1.08)} ${f(ry * 0.5)} ${f(-rx)} 0` +
      `C${f(-rx * 1.05)} ${f(-ry * 0.4)} ${f(-rx * 0.6)} ${f(-ry * 1.1)} 0 ${f(-ry)}Z" fill="${fill}" stroke="${edge}" stroke-width="4" stroke-linejoin="round"/>` +
      `<path d="M${f(-rx * 0.75)} 0Q0 ${f(-ry * 0.25)} ${f(rx * 0.75)} 0" stroke="#f4fbe4" stroke-width="4" fill="none" opacity=".6"/></g>`,
  );
}

function lettuceHead(s: Sketch, x: number, y: number, size: number, tones: Palette) {
  s.shadow(x + 10, y + size * 0.75, size * 1.2, size * 0.2, 0.25);
  for (let ring = 0; ring < 3; ring++) {
    const count = 7 - ring * 2;
    const spread = size * (0.62 - ring * 0.2);
    const fill = s.ball(tones[0], ring === 2 ? tones[0] : tones[1], ring === 0 ? tones[2] : tones[1], '50%', '20%');
    for (let i = 0; i < count; i++) {
      const a = (i / count) * Math.PI * 2 + ring * 0.4;
      leafBlob(
        s,
        x + Math.cos(a) * spread,
        y + Math.sin(a) * spread * 0.55 - ring * size * 0.12,
        (a * 180) / Math.PI + 90,
        size * (0.55 - ring * 0.1),
        size * (0.42 - ring * 0.07),
        fill,
        tones[2],
      );
    }
  }
}

function drawLettuce(s: Sketch) {
  lettuceHead(s, 400, 520, 190, ['#e4f7b5', '#8ccc4f', '#3f7f22']);
}

function bowl(s: Sketch, x: number, y: number, width: number, depth: number, fill: string[]) {
  s.shadow(x + 10, y + depth * 0.92, width * 0.6, depth * 0.14, 0.3);
  s.add(
    `<path d="M${f(x - width / 2)} ${f(y)}Q${f(x - width * 0.46)} ${f(y + depth)} ${f(x)} ${f(y + depth)}Q${f(x + width * 0.46)} ${f(y + depth)} ${f(x + width / 2)} ${f(y)}Z" fill="${s.linear(fill, false)}"/>`,
    `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(width / 2)}" ry="${f(depth * 0.12)}" fill="none" stroke="${fill[0]}" stroke-width="6"/>`,
  );
}

function drawSalad(s: Sketch) {
  const tones: [string, string][] = [
    ['#a6d86a', '#3f7f22'],
    ['#9c3d5c', '#5a1c33'],
    ['#c9ec8e', '#5f9a30'],
    ['#7fb84a', '#2f6a1c'],
    ['#b3566f', '#6a2237'],
  ];
  s.add(`<ellipse cx="400" cy="560" rx="250" ry="34" fill="#6b4423"/>`);
  for (let i = 0; i < 26; i++) {
    const [fill, edge] = tones[i % tones.length]!;
    const a = s.between(-Math.PI, 0);
    const d = s.between(0, 200);
    leafBlob(
      s,
      400 + Math.cos(a) * d,
      540 + Math.sin(a) * d * 0.5,
      s.between(-60, 60),
      s.between(55, 80),
      s.between(38, 52),
      fill,
      edge,
    );
  }
  bowl(s, 400, 560, 520, 190, ['#8a5a2e', '#c48b52', '#8a5a2e']);
}

function drawChard(s: Sketch) {
  const stems = ['#d6284a', '#f2c21b', '#f07aa0', '#f4efe0', '#e0552a'];
  stems.forEach((stem, i) => {
    const angle = -62 + i * 16;
    const x = 300 + i * 35;
    const y = 720;
    s.shadow(x + 60, y - 40, 160, 20, 0.12);
    s.add(
      `<g transform="${at(x, y, angle)}"><path d="M0 0Q6 -120 0 -230" stroke="${stem}" stroke-width="24" stroke-linecap="round" fill="none"/>` +
        `<g transform="translate(0 -200)"><path d="${leafPath(340, 230)}" fill="${s.ball('#5aa04a', '#2f6b2a', '#1c4a1a', '50%', '70%')}"/>` +
        `<path d="M0 0Q8 -170 0 -310" stroke="${stem}" stroke-width="10" fill="none"/>` +
        [0.25, 0.45, 0.65]
          .map(
            (t) =>
              `<path d="M0 ${f(-340 * t)}q50 -30 80 -70M0 ${f(-340 * t)}q-50 -30 -80 -70" stroke="${stem}" stroke-width="4" fill="none" opacity=".75"/>`,
          )
          .join('') +
        `</g></g>`,
    );
  });
}

function drawBokChoy(s: Sketch) {
  for (const [y, scale] of [
    [470, 0.85],
    [570, 0.95],
    [670, 1.05],
  ] as const) {
    s.shadow(400, y + 50 * scale, 300 * scale, 16, 0.2);
    const stalks = [-9, 9, 0]
      .map(
        (a) =>
          `<g transform="rotate(${a})"><path d="M-34 0C-38 -90 -30 -170 -24 -210L24 -210C30 -170 38 -90 34 0Q0 18 -34 0Z" fill="${s.linear(['#f6fbea', '#dcefbf', '#f6fbea'], false)}"/>` +
          `<path d="M0 -2V-200" stroke="#c8e0a0" stroke-width="4"/>` +
          `<g transform="translate(0 -190)"><path d="${leafPath(230, 200)}" fill="${s.ball('#6abf52', '#2f7a2a', '#184d16', '50%', '90%')}"/>` +
          `<path d="M0 0Q4 -110 0 -210" stroke="#e8f5c8" stroke-width="5" fill="none" opacity=".7"/>` +
          `<path d="M0 -60q40 -20 62 -60M0 -60q-40 -20 -62 -60M0 -130q30 -14 46 -46M0 -130q-30 -14 -46 -46" stroke="#e8f5c8" stroke-width="2.5" fill="none" opacity=".45"/></g></g>`,
      )
      .join('');
    s.add(`<g transform="${at(620, y, -90, scale)}">${stalks}</g>`);
  }
}

function squash(
  s: Sketch,
  x: number,
  y: number,
  angle: number,
  length: number,
  girth: number,
  tones: string[],
  bumps: boolean,
) {
  s.shadow(x, y + girth * 0.8, length * 0.55, girth * 0.25, 0.22);
  const dots = Array.from({ length: 18 }, () => {
    const dx = s.between(-length * 0.42, length * 0.42);
    const dy = s.between(-girth * 0.6, girth * 0.55);
    return bumps
      ? `<circle cx="${f(dx)}" cy="${f(dy)}" r="3.5" fill="#dff0c0" opacity=".7"/>`
      : `<ellipse cx="${f(dx)}" cy="${f(dy)}" rx="9" ry="2.5" fill="#cfe6a6" opacity=".45"/>`;
  }).join('');
  s.add(
    `<g transform="${at(x, y, angle)}"><rect x="${f(-length / 2)}" y="${f(-girth)}" width="${f(length)}" height="${f(girth * 2)}" rx="${f(girth)}" fill="${s.linear(tones)}"/>${dots}` +
      `<path d="M${f(-length * 0.4)} ${f(-girth * 0.55)}H${f(length * 0.35)}" stroke="#fff" stroke-width="${f(girth * 0.18)}" stroke-linecap="round" opacity=".25"/>` +
      `<rect x="${f(length / 2 - 12)}" y="${f(-girth * 0.35)}" width="42" height="${f(girth * 0.7)}" rx="8" fill="#8da35a"/></g>`,
  );
}

function drawZucchini(s: Sketch) {
  const tones = ['#6faa52', '#2f6b28', '#173f15'];
  squash(s, 380, 490, -8, 440, 50, tones, false);
  squash(s, 420, 590, 4, 470, 55, ['#8fc46a', '#467f30', '#1f4a18'], false);
  squash(s, 390, 690, -3, 420, 50, tones, false);
  // a squash blossom
  s.add(
    `<g transform="${at(640, 470, 30)}">${[0, 72, 144, 216, 288].map((a) => `<path d="${leafPath(80, 55)}" transform="rotate(${a})" fill="${s.ball('#ffe27a', '#f6b41a', '#d1800b', '50%', '80%')}"/>`).join('')}<circle r="14" fill="#e08a0b"/></g>`,
  );
}

function drawCucumbers(s: Sketch) {
  const tones = ['#5c9448', '#2c5e24', '#143a12'];
  squash(s, 330, 500, -15, 300, 44, tones, true);
  squash(s, 480, 520, 12, 280, 42, tones, true);
  squash(s, 400, 620, -3, 320, 46, tones, true);
  squash(s, 560, 680, -8, 260, 40, tones, true);
  leaf(s, 180, 680, -70, 150, 130, GREEN_LEAF);
}

function pumpkin(s: Sketch, x: number, y: number, w: number, h: number, palette: Palette) {
  s.shadow(x + 10, y + h * 0.48, w * 0.55, h * 0.12, 0.3);
  const fill = s.ball(...palette);
  const ribs: [number, number][] = [
    [-0.32, 0.22],
    [0.32, 0.22],
    [-0.17, 0.25],
    [0.17, 0.25],
    [0, 0.24],
  ];
  for (const [dx, rx] of ribs) {
    s.add(
      `<ellipse cx="${f(x + dx * w)}" cy="${f(y)}" rx="${f(rx * w)}" ry="${f(h / 2)}" fill="${fill}" stroke="${palette[2]}" stroke-width="3" stroke-opacity=".5"/>`,
    );
  }
  highlight(s, x - w * 0.05, y - h * 0.28, w * 0.06, h * 0.12, 10, 0.3);
  s.add(
    `<path d="M${f(x - 8)} ${f(y - h * 0.45)}C${f(x - 6)} ${f(y - h * 0.62)} ${f(x + 14)} ${f(y - h * 0.72)} ${f(x + 30)} ${f(y - h * 0.75)}" stroke="#6b5a2a" stroke-width="${f(w * 0.06)}" stroke-linecap="round" fill="none"/>`,
  );
}

function drawPumpkins(s: Sketch) {
  leaf(s, 190, 470, -40, 230, 220, '#4a8a34');
  s.add(`<path d="M170 440q80 -60 160 -20t140 -40" stroke="#5a8a30" stroke-width="6" fill="none"/>`);
  pumpkin(s, 360, 540, 380, 250, ORANGE);
  pumpkin(s, 610, 640, 210, 150, ['#ffd48a', '#f39a2e', '#b8620f']);
  pumpkin(s, 170, 660, 160, 110, ['#fff4d6', '#ecdcb2', '#b9a377']);
}

function drawChiles(s: Sketch) {
  for (let i = 0; i < 7; i++) {
    const x = 190 + i * 70 + s.between(-10, 10);
    const y = 470 + (i % 2) * 40 + s.between(-10, 10);
    const angle = s.between(-28, -8);
    const length = s.between(260, 320);
    const palette: Palette = i === 3 ? ['#ff8a6a', '#d7261c', '#7d1410'] : ['#a9de72', '#4e9a2a', '#1f5514'];
    s.shadow(x + 70, y + length * 0.7, 40, 14, 0.2);
    s.add(
      `<g transform="${at(x, y, angle)}"><path d="${podPath(length, 54, s.between(30, 70))}" fill="${s.ball(palette[0], palette[1], palette[2], '30%', '35%')}"/>` +
        `<path d="M-10 10Q-14 ${f(length * 0.4)} 10 ${f(length * 0.7)}" stroke="#fff" stroke-width="6" fill="none" opacity=".35" stroke-linecap="round"/>` +
        `<path d="M-30 0Q0 18 30 0Q0 -22 -30 0Z" fill="#3f6f20"/><path d="M0 -6Q4 -40 20 -58" stroke="#5d7a2d" stroke-width="10" fill="none" stroke-linecap="round"/></g>`,
    );
  }
}

function drawCorn(s: Sketch) {
  const kernels = s.raw(
    'kernels',
    (id) =>
      `<pattern id="${id}" width="20" height="18" patternUnits="userSpaceOnUse"><rect width="20" height="18" fill="#c8941f"/><rect x="1.5" y="1.5" width="17" height="15" rx="6" fill="#f7d354"/><ellipse cx="7" cy="6" rx="4" ry="2.5" fill="#fff3b0" opacity=".7"/></pattern>`,
  );
  const shade = s.linear(['#000', '#000', '#fff', '#000'], false);
  for (const [x, y, angle] of [
    [230, 500, -70],
    [215, 600, -77],
    [200, 700, -84],
  ] as const) {
    s.shadow(x + 250, y + 50, 260, 20, 0.2);
    s.add(
      `<g transform="${at(x, y, angle)}">` +
        `<path d="M-14 -10L-10 -70L10 -70L14 -10Z" fill="#a8b86a"/>` +
        `<path d="${leafPath(250, 130)}" transform="translate(0 40) rotate(28)" fill="${s.linear(['#dcefb5', '#8fbf5a'])}"/>` +
        `<path d="${leafPath(240, 120)}" transform="translate(0 40) rotate(-30)" fill="${s.linear(['#cfe6a0', '#7aa84a'])}"/>` +
        `<path d="${podPath(430, 120, 0)}" fill="url(#${kernels})"/>` +
        `<path d="${podPath(430, 120, 0)}" fill="${shade}" opacity=".18"/>` +
        `<path d="M-60 30C-50 160 -40 220 -30 260C-70 180 -80 90 -60 30Z" fill="#b8d88a"/>` +
        `<path d="M0 425q-10 40 -4 70M4 425q10 45 18 60M-4 422q-24 30 -28 55" stroke="#c79a52" stroke-width="3" fill="none"/></g>`,
    );
  }
}

function strawberry(s: Sketch, x: number, y: number, angle: number, size: number) {
  const w = size;
  const h = size * 1.15;
  const seeds = Array.from({ length: 16 }, () => {
    const sx = s.between(-w * 0.38, w * 0.38);
    const sy = s.between(-h * 0.32, h * 0.3) * (1 - Math.abs(sx) / w);
    return `<ellipse cx="${f(sx)}" cy="${f(sy)}" rx="2.6" ry="4" fill="#ffe680"/>`;
  }).join('');
  s.shadow(x + 6, y + h * 0.48, w * 0.5, h * 0.1, 0.25);
  const sepals = Array.from(
    { length: 6 },
    (_, k) => `<path d="${leafPath(w * 0.38, w * 0.16)}" transform="rotate(${k * 60 + 30})" fill="#3f8a2a"/>`,
  ).join('');
  s.add(
    `<g transform="${at(x, y, angle)}"><path d="M0 ${f(-h * 0.45)}C${f(w * 0.75)} ${f(-h * 0.62)} ${f(w * 0.62)} ${f(h * 0.12)} 0 ${f(h * 0.5)}C${f(-w * 0.62)} ${f(h * 0.12)} ${f(-w * 0.75)} ${f(-h * 0.62)} 0 ${f(-h * 0.45)}Z" fill="${s.ball('#ff8a80', '#e0262e', '#8a0f1a')}"/>${seeds}` +
      `<g transform="translate(0 ${f(-h * 0.44)}) scale(1 .45)">${sepals}</g></g>`,
  );
}

function drawStrawberries(s: Sketch) {
  bowl(s, 400, 520, 420, 150, ['#f4f0ea', '#ffffff', '#d8d2c8']);
  const berries: [number, number, number][] = [];
  for (let i = 0; i < 9; i++)
    berries.push([250 + i * 37 + s.between(-6, 6), 470 + (i % 3) * 18 + s.between(-6, 6), s.between(-30, 30)]);
  const front = s.capture(() => bowl(s, 400, 520, 420, 150, ['#f4f0ea', '#ffffff', '#d8d2c8']));
  for (const [x, y, a] of berries) strawberry(s, x, y, a, 78);
  s.add(front);
  strawberry(s, 640, 690, 70, 80);
  strawberry(s, 170, 700, -60, 76);
  leaf(s, 560, 740, -100, 130, 90, GREEN_LEAF);
}

function drawRhubarb(s: Sketch) {
  leaf(s, 470, 520, 35, 280, 300, s.ball('#7cc05a', '#3f8a2e', '#1f5518', '50%', '60%'));
  const stalks = [0, 1, 2, 3, 4, 5];
  s.shadow(400, 690, 300, 26, 0.22);
  for (const i of stalks) {
    const y = 560 + i * 24;
    const x = 110 + (i % 2) * 14;
    s.add(
      `<g transform="${at(x, y + 40, 78 + s.between(-2, 2))}"><rect x="-22" y="-560" width="44" height="560" rx="20" fill="${s.linear(['#9fbf5a', '#e85a78', '#c81d4a', '#a3123a'])}"/>` +
        `<path d="M-8 -540V-20M9 -540V-20" stroke="#fff" stroke-width="3" opacity=".25"/></g>`,
    );
  }
  s.add(
    `<path d="M372 596Q360 640 376 690M392 590Q382 640 396 692" stroke="#c8a86a" stroke-width="9" fill="none" stroke-linecap="round"/>`,
  );
}

function drawPotatoes(s: Sketch) {
  const sack = s.raw(
    'burlap',
    (id) =>
      `<pattern id="${id}" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="#b8925a"/><path d="M0 5H10M5 0V10" stroke="#8f6a3a" stroke-width="2" opacity=".5"/></pattern>`,
  );
  s.shadow(420, 600, 230, 30, 0.25);
  s.add(
    `<path d="M230 600C215 500 240 380 280 330Q300 300 330 320Q400 290 470 320Q500 300 525 330C565 380 585 500 570 600Z" fill="url(#${sack})"/>` +
      `<path d="M280 330Q400 370 525 330" stroke="#7a5a30" stroke-width="8" fill="none"/>`,
  );
  const spots: [number, number][] = [
    [300, 560],
    [420, 545],
    [540, 565],
    [230, 650],
    [360, 640],
    [490, 650],
    [610, 655],
    [430, 720],
  ];
  for (const [x, y] of spots) {
    const rx = s.between(62, 84);
    const ry = s.between(44, 56);
    const angle = s.between(-20, 20);
    s.shadow(x + 6, y + ry * 0.85, rx, 10, 0.25);
    const eyes = Array.from(
      { length: 3 },
      () =>
        `<ellipse cx="${f(s.between(-rx * 0.6, rx * 0.6))}" cy="${f(s.between(-ry * 0.5, ry * 0.5))}" rx="4" ry="2.5" fill="#8a6a34" opacity=".7"/>`,
    ).join('');
    s.add(
      `<g transform="${at(x, y, angle)}"><ellipse rx="${f(rx)}" ry="${f(ry)}" fill="${s.ball('#f6dc9a', '#d6ab5c', '#94692c')}"/>${eyes}</g>`,
    );
  }
}

function garlic(s: Sketch, x: number, y: number, size: number) {
  const w = size;
  const h = size * 1.05;
  s.shadow(x + 6, y + h * 0.42, w * 0.55, h * 0.1, 0.25);
  s.add(
    `<g transform="${at(x, y, s.between(-8, 8))}">` +
      `<path d="M-10 ${f(-h * 0.5)}Q-6 ${f(-h * 0.8)} -4 ${f(-h * 0.95)}L4 ${f(-h * 0.95)}Q6 ${f(-h * 0.8)} 10 ${f(-h * 0.5)}Z" fill="#e8dcc0"/>` +
      `<path d="M0 ${f(-h * 0.55)}C${f(w * 0.18)} ${f(-h * 0.32)} ${f(w * 0.62)} ${f(-h * 0.18)} ${f(w * 0.55)} ${f(h * 0.12)}C${f(w * 0.5)} ${f(h * 0.45)} ${f(-w * 0.5)} ${f(h * 0.45)} ${f(-w * 0.55)} ${f(h * 0.12)}C${f(-w * 0.62)} ${f(-h * 0.18)} ${f(-w * 0.18)} ${f(-h * 0.32)} 0 ${f(-h * 0.55)}Z" fill="${s.ball('#fffdf6', '#efe3cc', '#c2aa85')}"/>` +
      [-0.3, 0, 0.3]
        .map(
          (k) =>
            `<path d="M0 ${f(-h * 0.5)}Q${f(k * w * 1.5)} ${f(-h * 0.1)} ${f(k * w)} ${f(h * 0.32)}" stroke="#b48aa6" stroke-width="3" fill="none" opacity=".55"/>`,
        )
        .join('') +
      `<path d="M-14 ${f(h * 0.33)}l-6 16M-4 ${f(h * 0.35)}l-2 18M6 ${f(h * 0.35)}l3 17M15 ${f(h * 0.32)}l7 15" stroke="#cdb892" stroke-width="3" stroke-linecap="round"/></g>`,
  );
}

function drawGarlic(s: Sketch) {
  garlic(s, 300, 520, 170);
  garlic(s, 510, 515, 160);
  garlic(s, 200, 650, 180);
  garlic(s, 405, 655, 190);
  garlic(s, 610, 660, 175);
}

function apple(s: Sketch, x: number, y: number, r: number, blush: Palette, withLeaf: boolean) {
  s.shadow(x + 8, y + r * 0.9, r * 1.05, r * 0.2, 0.28);
  s.add(
    `<path transform="${at(x, y, s.between(-10, 10))}" d="M0 ${f(-r * 0.72)}C${f(r * 0.5)} ${f(-r * 1.05)} ${f(r * 1.15)} ${f(-r * 0.6)} ${f(r)} ${f(r * 0.15)}C${f(r * 0.9)} ${f(r * 0.85)} ${f(r * 0.35)} ${f(r * 1.0)} 0 ${f(r * 0.85)}C${f(-r * 0.35)} ${f(r * 1.0)} ${f(-r * 0.9)} ${f(r * 0.85)} ${f(-r)} ${f(r * 0.15)}C${f(-r * 1.15)} ${f(-r * 0.6)} ${f(-r * 0.5)} ${f(-r * 1.05)} 0 ${f(-r * 0.72)}Z" fill="${s.ball(...blush)}"/>`,
  );
  highlight(s, x - r * 0.45, y - r * 0.3, r * 0.18, r * 0.1);
  s.add(
    `<path d="M${f(x)} ${f(y - r * 0.68)}q2 ${f(-r * 0.3)} ${f(r * 0.14)} ${f(-r * 0.42)}" stroke="#5a3a1a" stroke-width="${f(r * 0.08)}" stroke-linecap="round" fill="none"/>`,
  );
  if (withLeaf) leaf(s, x + r * 0.12, y - r * 0.95, 60, r * 0.7, r * 0.38, GREEN_LEAF);
}

function drawApples(s: Sketch) {
  const honeycrisp: Palette = ['#ffd78a', '#e0452c', '#8a1d12'];
  const red: Palette = ['#ff9a7a', '#c8262a', '#6e1014'];
  apple(s, 290, 500, 100, honeycrisp, true);
  apple(s, 500, 505, 95, red, false);
  apple(s, 190, 640, 92, red, false);
  apple(s, 400, 640, 108, honeycrisp, false);
  apple(s, 615, 645, 96, honeycrisp, true);
}

function bellPepper(s: Sketch, x: number, y: number, size: number, palette: Palette) {
  const w = size;
  const h = size * 1.1;
  s.shadow(x + 6, y + h * 0.45, w * 0.55, h * 0.1, 0.28);
  s.add(
    `<g transform="${at(x, y, s.between(-12, 12))}"><path d="M0 ${f(-h * 0.42)}C${f(w * 0.35)} ${f(-h * 0.55)} ${f(w * 0.62)} ${f(-h * 0.45)} ${f(w * 0.58)} ${f(-h * 0.1)}C${f(w * 0.56)} ${f(h * 0.3)} ${f(w * 0.4)} ${f(h * 0.5)} ${f(w * 0.18)} ${f(h * 0.45)}C${f(w * 0.08)} ${f(h * 0.52)} ${f(-w * 0.08)} ${f(h * 0.52)} ${f(-w * 0.18)} ${f(h * 0.45)}C${f(-w * 0.4)} ${f(h * 0.5)} ${f(-w * 0.56)} ${f(h * 0.3)} ${f(-w * 0.58)} ${f(-h * 0.1)}C${f(-w * 0.62)} ${f(-h * 0.45)} ${f(-w * 0.35)} ${f(-h * 0.55)} 0 ${f(-h * 0.42)}Z" fill="${s.ball(...palette)}"/>` +
      `<path d="M${f(-w * 0.2)} ${f(-h * 0.4)}Q${f(-w * 0.32)} 0 ${f(-w * 0.18)} ${f(h * 0.44)}M${f(w * 0.2)} ${f(-h * 0.4)}Q${f(w * 0.32)} 0 ${f(w * 0.18)} ${f(h * 0.44)}" stroke="${palette[2]}" stroke-width="4" fill="none" opacity=".35"/>` +
      `<path d="M${f(-w * 0.35)} ${f(-h * 0.28)}Q${f(-w * 0.45)} 0 ${f(-w * 0.3)} ${f(h * 0.25)}" stroke="#fff" stroke-width="${f(w * 0.07)}" stroke-linecap="round" fill="none" opacity=".4"/>` +
      `<path d="M${f(-w * 0.16)} ${f(-h * 0.44)}Q0 ${f(-h * 0.52)} ${f(w * 0.16)} ${f(-h * 0.44)}" stroke="#3d6e22" stroke-width="${f(w * 0.09)}" stroke-linecap="round" fill="none"/>` +
      `<path d="M0 ${f(-h * 0.48)}q-4 ${f(-h * 0.16)} ${f(w * 0.12)} ${f(-h * 0.24)}" stroke="#4f7d2a" stroke-width="${f(w * 0.07)}" stroke-linecap="round" fill="none"/></g>`,
  );
}

function drawBellPeppers(s: Sketch) {
  bellPepper(s, 300, 500, 180, ['#fff08a', '#f2c81b', '#a8800b']);
  bellPepper(s, 510, 505, 175, ['#a9de72', '#3f8a22', '#1c4d10']);
  bellPepper(s, 200, 650, 185, ['#ff8a6a', '#d7261c', '#7d1410']);
  bellPepper(s, 420, 660, 195, ['#ffc27a', '#f07c1b', '#a84a08']);
  bellPepper(s, 630, 655, 170, ['#ff8a6a', '#d7261c', '#7d1410']);
}

/** A bean pod: pointed at both ends, gently curved, lying along +y from the origin. */
function beanPath(length: number, width: number, bend: number): string {
  const w = width / 2;
  return (
    `M0 0C${f(w * 1.4)} ${f(length * 0.12)} ${f(w * 1.2 + bend)} ${f(length * 0.75)} ${f(bend)} ${f(length)}` +
    `C${f(bend - w * 0.9)} ${f(length * 0.75)} ${f(-w * 0.7)} ${f(length * 0.12)} 0 0Z`
  );
}

function drawBeans(s: Sketch) {
  s.shadow(400, 670, 280, 50, 0.2);
  for (let i = 0; i < 13; i++) {
    const x = 400 + s.between(-120, 120);
    const y = 540 + i * 16 + s.between(-10, 10);
    const length = s.between(300, 360);
    const angle = (i % 2 ? -90 : 90) + s.between(-18, 18);
    const bend = s.between(-36, 36);
    const streaks = Array.from({ length: 7 }, () => {
      const t = s.between(0.12, 0.8);
      return `<path d="M${f(s.between(-6, 8) + bend * t)} ${f(length * t)}q5 ${f(s.between(8, 18))} ${f(s.between(-2, 6))} ${f(s.between(18, 36))}" stroke="#7b3f8c" stroke-width="${f(s.between(3, 6))}" fill="none" stroke-linecap="round" opacity=".7"/>`;
    }).join('');
    s.add(
      `<g transform="${at(x, y, angle)}"><g transform="translate(0 ${f(-length / 2)})"><path d="${beanPath(length, 44, bend)}" fill="${s.ball('#fbf4b8', '#e6d46a', '#b39f33', '30%', '50%')}" stroke="#a8922c" stroke-width="1.5"/>${streaks}` +
        `<path d="M2 ${f(length * 0.1)}Q${f(8 + bend * 0.5)} ${f(length * 0.5)} ${f(bend * 0.9)} ${f(length * 0.9)}" stroke="#fffbe0" stroke-width="4" fill="none" opacity=".5"/></g></g>`,
    );
  }
}

const PRODUCE: Record<ProduceSubject, { surface: 'wood' | 'linen'; draw: (s: Sketch) => void }> = {
  tomatoes: { surface: 'wood', draw: drawTomatoes },
  'cherry-tomatoes': { surface: 'linen', draw: drawCherryTomatoes },
  carrots: { surface: 'wood', draw: drawCarrots },
  lettuce: { surface: 'linen', draw: drawLettuce },
  salad: { surface: 'wood', draw: drawSalad },
  chard: { surface: 'wood', draw: drawChard },
  'bok-choy': { surface: 'linen', draw: drawBokChoy },
  zucchini: { surface: 'wood', draw: drawZucchini },
  cucumbers: { surface: 'linen', draw: drawCucumbers },
  pumpkins: { surface: 'wood', draw: drawPumpkins },
  chiles: { surface: 'linen', draw: drawChiles },
  corn: { surface: 'wood', draw: drawCorn },
  strawberries: { surface: 'linen', draw: drawStrawberries },
  rhubarb: { surface: 'wood', draw: drawRhubarb },
  potatoes: { surface: 'wood', draw: drawPotatoes },
  garlic: { surface: 'linen', draw: drawGarlic },
  apples: { surface: 'wood', draw: drawApples },
  'bell-peppers': { surface: 'linen', draw: drawBellPeppers },
  beans: { surface: 'wood', draw: drawBeans },
};

// ——— flowers and herbs (packets and pots) ———

function flowerHead(
  s: Sketch,
  x: number,
  y: number,
  r: number,
  petals: number,
  petal: Palette,
  center: string,
  layers = 1,
) {
  for (let layer = 0; layer < layers; layer++) {
    const size = r * (1 - layer * 0.28);
    const fill = s.ball(petal[0], layer ? petal[0] : petal[1], petal[2], '50%', '85%');
    const ring = Array.from({ length: petals }, (_, k) => {
      const a = (k / petals) * 360 + layer * (180 / petals);
      return `<path d="${leafPath(size, (size * 5.2) / petals + size * 0.12)}" transform="rotate(${f(a)})" fill="${fill}"/>`;
    }).join('');
    s.add(`<g transform="${at(x, y)}">${ring}</g>`);
  }
  s.add(
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.3)}" fill="${s.ball('#fff0a0', center, '#3a2410', '40%', '40%')}"/>`,
  );
}

function stem(s: Sketch, x1: number, y1: number, x2: number, y2: number, width = 7, color = '#4f8a2f') {
  s.add(
    `<path d="M${f(x1)} ${f(y1)}Q${f((x1 + x2) / 2 + s.between(-20, 20))} ${f((y1 + y2) / 2)} ${f(x2)} ${f(y2)}" stroke="${color}" stroke-width="${width}" fill="none" stroke-linecap="round"/>`,
  );
}

function drawZinnias(s: Sketch) {
  const colours: Palette[] = [
    ['#ff9fb8', '#e8457a', '#9e1d4a'],
    ['#ffd27a', '#f5a01a', '#b05f08'],
    ['#ff9a7a', '#e0452c', '#8a1d12'],
    ['#f7b3ff', '#b65ad6', '#6a2a8a'],
  ];
  const heads: [number, number, number][] = [
    [300, 380, 80],
    [480, 340, 90],
    [390, 520, 85],
    [560, 520, 70],
  ];
  heads.forEach(([x, y], i) => {
    stem(s, 400, 760, x, y);
    leaf(s, (400 + x) / 2, (760 + y) / 2 + 60, i % 2 ? 50 : -50, 90, 40, GREEN_LEAF);
  });
  heads.forEach(([x, y, r], i) => flowerHead(s, x, y, r, 14, colours[i]!, '#c07a10', 2));
}

function drawSunflower(s: Sketch) {
  stem(s, 400, 790, 400, 430, 22, '#5a8a30');
  leaf(s, 400, 640, -60, 200, 150, '#4a8a34');
  leaf(s, 400, 580, 65, 180, 140, '#57983c');
  flowerHead(s, 400, 380, 190, 22, ['#fff08a', '#f7c51b', '#c48a08'], '#5a3512', 2);
  s.add(`<circle cx="400" cy="380" r="70" fill="${s.ball('#8a5a28', '#5a3512', '#2a1608', '45%', '45%')}"/>`);
  const dots = Array.from({ length: 40 }, (_, i) => {
    const a = i * 2.4;
    const d = 6 + Math.sqrt(i) * 9.5;
    return `<circle cx="${f(400 + Math.cos(a) * d)}" cy="${f(380 + Math.sin(a) * d)}" r="3.2" fill="#2a1608" opacity=".6"/>`;
  }).join('');
  s.add(dots);
}

function drawMilkweed(s: Sketch) {
  stem(s, 400, 790, 400, 330, 12);
  for (const [a, y] of [
    [-55, 620],
    [55, 560],
    [-50, 480],
  ] as const) {
    leaf(s, 400, y, a, 190, 80, '#6a9a52', '#dfeccf');
  }
  for (const [cx, cy, r] of [
    [400, 300, 120],
    [250, 420, 75],
    [560, 400, 80],
  ] as const) {
    for (let i = 0; i < 18; i++) {
      const a = s.between(0, Math.PI * 2);
      const d = Math.sqrt(s.random()) * r;
      const x = cx + Math.cos(a) * d;
      const y = cy + Math.sin(a) * d * 0.8;
      const star = Array.from(
        { length: 5 },
        (_, k) =>
          `<path d="${leafPath(20, 12)}" transform="rotate(${k * 72})" fill="${s.ball('#ffd6ea', '#f08ab8', '#b8487a', '50%', '80%')}"/>`,
      ).join('');
      s.add(`<g transform="${at(x, y)}">${star}<circle r="5" fill="#fff1f7"/></g>`);
    }
  }
}

function sprig(
  s: Sketch,
  x: number,
  y: number,
  angle: number,
  length: number,
  leafFill: string,
  pairs: number,
  leafSize: number,
  vein: string,
) {
  const parts = [
    `<path d="M0 0Q6 ${f(-length * 0.5)} 0 ${f(-length)}" stroke="#5a8a34" stroke-width="6" fill="none"/>`,
  ];
  for (let i = 0; i < pairs; i++) {
    const t = 0.2 + (i / pairs) * 0.8;
    const size = leafSize * (1 - i * 0.12);
    for (const side of [-1, 1]) {
      parts.push(
        `<g transform="translate(0 ${f(-length * t)}) rotate(${side * 55})"><path d="${leafPath(size, size * 0.7)}" fill="${leafFill}"/><path d="M0 0L0 ${f(-size * 0.85)}" stroke="${vein}" stroke-width="2.5" opacity=".6"/></g>`,
      );
    }
  }
  parts.push(
    `<g transform="translate(0 ${f(-length)})"><path d="${leafPath(leafSize * 0.6, leafSize * 0.45)}" fill="${leafFill}"/></g>`,
  );
  s.add(`<g transform="${at(x, y, angle)}">${parts.join('')}</g>`);
}

function drawBasilSprigs(s: Sketch) {
  const fill = s.ball('#b7e68a', '#5cae3c', '#2c6d1e', '40%', '30%');
  sprig(s, 320, 760, -18, 380, fill, 4, 110, '#e8f7d0');
  sprig(s, 470, 760, 15, 400, fill, 4, 115, '#e8f7d0');
  sprig(s, 400, 770, -2, 450, fill, 4, 100, '#e8f7d0');
}

function drawShiso(s: Sketch) {
  sprig(s, 330, 760, -16, 380, s.ball('#b86ab0', '#6e2a6e', '#3a1238', '40%', '30%'), 3, 130, '#e7b8e0');
  sprig(s, 470, 760, 16, 400, s.ball('#a6dd7a', '#4f9a34', '#24601a', '40%', '30%'), 3, 130, '#e0f3c8');
}

const PACKET_SUBJECTS: Record<PacketSubject, (s: Sketch) => void> = {
  tomatoes: drawTomatoes,
  beans: drawBeans,
  zinnias: drawZinnias,
  sunflower: drawSunflower,
  chiles: drawChiles,
  pumpkins: drawPumpkins,
  basil: drawBasilSprigs,
  shiso: drawShiso,
  lettuce: drawLettuce,
  carrots: drawCarrots,
  milkweed: drawMilkweed,
};

/** Splits a label over at most two lines of about `width` characters. */
function labelLines(label: string, width = 16): string[] {
  const words = label.split(/\s+/);
  const lines: string[] = [''];
  for (const word of words) {
    const current = lines[lines.length - 1]!;
    if (current && (current + ' ' + word).length > width && lines.length < 2) lines.push(word);
    else lines[lines.length - 1] = current ? `${current} ${word}` : word;
  }
  return lines;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const FONT = `font-family="DejaVu Sans, Liberation Sans, Helvetica, Arial, sans-serif"`;

function looseSeeds(s: Sketch, look: SeedLook) {
  for (let i = 0; i < 16; i++) {
    const x = s.between(150, 650);
    const y = s.between(690, 770);
    const a = s.between(0, 180);
    const seed = {
      bean: `<ellipse rx="17" ry="11" fill="${s.ball('#f2e6d0', '#7a3b2a', '#3a1a10')}"/><ellipse cx="-4" cy="-3" rx="5" ry="3" fill="#f4ecd8" opacity=".7"/>`,
      flat: `<path d="M0 -16C10 -14 12 10 0 16C-12 10 -10 -14 0 -16Z" fill="${s.ball('#fffaf0', '#efe4c8', '#c2ad82')}"/>`,
      tiny: `<ellipse rx="5" ry="3.5" fill="#3a2a1a"/>`,
      striped: `<path d="M0 -16C8 -12 9 10 0 16C-9 10 -8 -12 0 -16Z" fill="#3a3430"/><path d="M0 -14V14M-4 -10V10M4 -10V10" stroke="#e8e2d8" stroke-width="1.6"/>`,
    }[look];
    s.add(`<g transform="${at(x, y, a)}">${seed}</g>`);
  }
}

function drawPacket(s: Sketch, subject: PacketSubject, label: string, band: string, look: SeedLook) {
  backdrop(s, 'wood');
  const window = s.raw(
    'packet-window',
    (id) => `<clipPath id="${id}"><rect x="-165" y="-110" width="330" height="270" rx="14"/></clipPath>`,
  );
  const scene = s.capture(() => {
    s.add(`<rect x="0" y="0" width="800" height="800" fill="#f7f1df"/>`);
    PACKET_SUBJECTS[subject](s);
  });
  const lines = labelLines(label);
  const text = lines
    .map(
      (line, i) =>
        `<text x="0" y="${-215 + i * 46 - (lines.length - 1) * 20}" text-anchor="middle" ${FONT} font-size="40" font-weight="bold" fill="#fffdf6">${escapeXml(line)}</text>`,
    )
    .join('');
  s.shadow(410, 650, 230, 28, 0.3);
  s.add(
    `<g transform="${at(400, 390, -3)}">` +
      `<rect x="-205" y="-285" width="410" height="560" rx="10" fill="${s.linear(['#fffaf0', '#f1e6cf'])}"/>` +
      `<path d="M-205 -250V-275Q-205 -285 -195 -285H195Q205 -285 205 -275V-250Z" fill="#e6d8b8"/>` +
      `<rect x="-205" y="-262" width="410" height="120" fill="${band}"/>` +
      text +
      `<g clip-path="url(#${window})"><g transform="translate(-165 -150) scale(.4125)">${scene}</g></g>` +
      `<rect x="-165" y="-110" width="330" height="270" rx="14" fill="none" stroke="${band}" stroke-width="6"/>` +
      `<text x="0" y="212" text-anchor="middle" ${FONT} font-size="21" letter-spacing="2" fill="#6a5a40">SAVED SEED</text>` +
      `<text x="0" y="244" text-anchor="middle" ${FONT} font-size="19" fill="#8a7a5a">Salt Lake Valley</text>` +
      `</g>`,
  );
  looseSeeds(s, look);
}

// ——— pots and trays ———

function pot(s: Sketch, x: number, y: number, width: number) {
  const h = width * 0.85;
  s.shadow(x + 14, y + h, width * 0.55, width * 0.09, 0.32);
  s.add(
    `<path d="M${f(x - width * 0.45)} ${f(y + width * 0.12)}L${f(x - width * 0.34)} ${f(y + h)}Q${f(x)} ${f(y + h + width * 0.06)} ${f(x + width * 0.34)} ${f(y + h)}L${f(x + width * 0.45)} ${f(y + width * 0.12)}Z" fill="${s.linear(['#a9502c', '#d67a4c', '#e99a6a', '#c0643a', '#8f3f1e'], false)}"/>`,
    `<rect x="${f(x - width / 2)}" y="${f(y - width * 0.02)}" width="${f(width)}" height="${f(width * 0.16)}" rx="${f(width * 0.03)}" fill="${s.linear(['#b85a32', '#e89a68', '#f2b184', '#cf6e42', '#9e4724'], false)}"/>`,
    `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(width * 0.47)}" ry="${f(width * 0.06)}" fill="#4a3020"/>`,
  );
}

/** Draws the pot's front rim again over what hangs in front of it. */
function potRim(s: Sketch, x: number, y: number, width: number) {
  s.add(
    `<path d="M${f(x - width / 2)} ${f(y + width * 0.01)}H${f(x + width / 2)}V${f(y + width * 0.1)}Q${f(x + width / 2)} ${f(y + width * 0.14)} ${f(x + width * 0.47)} ${f(y + width * 0.14)}H${f(x - width * 0.47)}Q${f(x - width / 2)} ${f(y + width * 0.14)} ${f(x - width / 2)} ${f(y + width * 0.1)}Z" fill="${s.linear(['#b85a32', '#e89a68', '#f2b184', '#cf6e42', '#9e4724'], false)}"/>`,
  );
}

const POT_X = 400;
const POT_Y = 470;
const POT_W = 330;

function bushy(s: Sketch, count: number, spread: number, height: number, size: number, fills: string[], vein: string) {
  const stems: [number, number, number][] = [];
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1) - 0.5;
    stems.push([
      POT_X + t * spread * 0.4,
      POT_X + t * spread,
      POT_Y - height * (1 - Math.abs(t) * 0.8) + s.between(-15, 15),
    ]);
  }
  for (const [x0, x1, y1] of stems) stem(s, x0, POT_Y, x1, y1, 5, '#5a8a34');
  for (let i = 0; i < count * 3; i++) {
    const [x0, x1, y1] = stems[i % count]!;
    const t = s.between(0.35, 1);
    const x = x0 + (x1 - x0) * t;
    const y = POT_Y + (y1 - POT_Y) * t;
    leaf(
      s,
      x,
      y,
      s.between(-70, 70) + (x - POT_X) * 0.15,
      size * s.between(0.7, 1),
      size * 0.7,
      fills[i % fills.length]!,
      vein,
    );
  }
}

function drawPotPlant(s: Sketch, plant: PotPlant) {
  backdrop(s, s.random() < 0.5 ? 'wood' : 'linen');
  pot(s, POT_X, POT_Y, POT_W);
  const glossy = (light: string, base: string, dark: string) => s.ball(light, base, dark, '40%', '25%');
  switch (plant) {
    case 'basil':
      bushy(
        s,
        7,
        360,
        360,
        110,
        [glossy('#c4ef98', '#62b444', '#2c6d1e'), glossy('#b7e68a', '#58a83c', '#2a661c')],
        '#eefad8',
      );
      break;
    case 'mint':
      bushy(
        s,
        10,
        440,
        320,
        84,
        [glossy('#9fd68a', '#3f8f45', '#1d5224'), glossy('#b0e09a', '#4a9a4c', '#235a28')],
        '#d8f0c8',
      );
      break;
    case 'tomato-start':
      stem(s, POT_X, POT_Y, POT_X + 10, POT_Y - 330, 9, '#6a9a3a');
      for (let i = 0; i < 5; i++) {
        const y = POT_Y - 60 - i * 60;
        for (const side of [-1, 1]) {
          const branch = `<g transform="${at(POT_X + 5, y, side * (60 + i * 5))}"><path d="M0 0V-130" stroke="#6a9a3a" stroke-width="5"/>${[
            0.35, 0.65, 1,
          ]
            .map(
              (t, k) =>
                `<path d="${leafPath(50 - k * 6, 30)}" transform="translate(0 ${f(-130 * t)}) rotate(${k === 2 ? 0 : side * 50})" fill="#4c9a35"/>`,
            )
            .join(
              '',
            )}${[0.35, 0.65].map((t) => `<path d="${leafPath(44, 26)}" transform="translate(0 ${f(-130 * t)}) rotate(${-side * 50})" fill="#58a83c"/>`).join('')}</g>`;
          s.add(branch);
        }
      }
      break;
    case 'pothos': {
      const heart = (x: number, y: number, a: number, size: number) =>
        `<g transform="${at(x, y, a)}"><path d="M0 0C${f(size * 0.7)} ${f(-size * 0.1)} ${f(size * 0.55)} ${f(-size * 0.8)} 0 ${f(-size)}C${f(-size * 0.55)} ${f(-size * 0.8)} ${f(-size * 0.7)} ${f(-size * 0.1)} 0 0Z" fill="${glossy('#a8e07a', '#3f9a36', '#1f5a1c')}"/>` +
        `<path d="M${f(-size * 0.1)} ${f(-size * 0.2)}q${f(size * 0.2)} ${f(-size * 0.3)} ${f(size * 0.05)} ${f(-size * 0.6)}M${f(size * 0.15)} ${f(-size * 0.3)}q${f(-size * 0.05)} ${f(-size * 0.2)} ${f(size * 0.1)} ${f(-size * 0.45)}" stroke="#f6e88a" stroke-width="${f(size * 0.07)}" fill="none" opacity=".75"/></g>`;
      const vines: [number, number][] = [
        [-1, 330],
        [1, 300],
        [-0.4, 200],
        [0.5, 220],
      ];
      for (const [side, length] of vines) {
        const x0 = POT_X + side * 90;
        s.add(
          `<path d="M${x0} ${POT_Y}C${f(x0 + side * 120)} ${POT_Y + 20} ${f(x0 + side * 80)} ${f(POT_Y + length * 0.6)} ${f(x0 + side * 110)} ${f(POT_Y + length)}" stroke="#5a8a34" stroke-width="5" fill="none"/>`,
        );
        for (let k = 1; k <= 4; k++) {
          const t = k / 4;
          s.add(heart(x0 + side * (40 + 70 * t), POT_Y + length * t - 10, side * 150 + s.between(-20, 20), 62 - k * 4));
        }
      }
      for (let i = 0; i < 9; i++) {
        s.add(heart(POT_X + s.between(-110, 110), POT_Y - s.between(0, 40), s.between(-60, 60), s.between(70, 95)));
      }
      potRim(s, POT_X, POT_Y, POT_W);
      break;
    }
    case 'jade': {
      const branches: [number, number][] = [
        [-120, 280],
        [-40, 330],
        [60, 300],
        [130, 250],
      ];
      for (const [dx, h] of branches) {
        s.add(
          `<path d="M${POT_X + dx * 0.3} ${POT_Y}Q${POT_X + dx * 0.5} ${POT_Y - h * 0.5} ${POT_X + dx} ${POT_Y - h}" stroke="#7a6040" stroke-width="16" fill="none" stroke-linecap="round"/>`,
        );
      }
      for (const [dx, h] of branches) {
        for (let i = 0; i < 7; i++) {
          const x = POT_X + dx + s.between(-60, 60);
          const y = POT_Y - h + s.between(-50, 60);
          s.add(
            `<ellipse cx="${f(x)}" cy="${f(y)}" rx="30" ry="44" transform="rotate(${f(s.between(-70, 70))} ${f(x)} ${f(y)})" fill="${glossy('#b8e6a0', '#4f9a5a', '#245a30')}" stroke="#b8484a" stroke-width="3" stroke-opacity=".6"/>`,
          );
        }
      }
      break;
    }
    case 'snake-plant': {
      const bands = s.raw(
        'snake-bands',
        (id) =>
          `<pattern id="${id}" width="40" height="36" patternUnits="userSpaceOnUse"><rect width="40" height="36" fill="#2f6a3a"/><path d="M0 10Q20 2 40 10M0 26Q20 18 40 26" stroke="#8cc08a" stroke-width="5" fill="none" opacity=".7"/></pattern>`,
      );
      for (const [dx, a, h] of [
        [-80, -18, 330],
        [-30, -6, 420],
        [20, 4, 380],
        [70, 14, 340],
        [-5, -12, 300],
        [100, 24, 260],
      ] as const) {
        s.add(
          `<g transform="${at(POT_X + dx, POT_Y + 10, a)}"><path d="${leafPath(h, 80)}" fill="url(#${bands})" stroke="#d8c85a" stroke-width="5"/></g>`,
        );
      }
      break;
    }
    case 'lemongrass':
      for (let i = 0; i < 22; i++) {
        const dx = s.between(-70, 70);
        const side = dx < 0 ? -1 : 1;
        const h = s.between(260, 420);
        s.add(
          `<path d="M${f(POT_X + dx)} ${POT_Y}Q${f(POT_X + dx + side * 40)} ${f(POT_Y - h * 0.8)} ${f(POT_X + dx + side * s.between(90, 220))} ${f(POT_Y - h)}" stroke="${s.random() < 0.5 ? '#8cc06a' : '#6fa85a'}" stroke-width="${f(s.between(8, 13))}" fill="none" stroke-linecap="round"/>`,
        );
      }
      break;
    case 'lavender':
      for (let i = 0; i < 16; i++) {
        const x1 = POT_X + s.between(-200, 200);
        const y1 = POT_Y - s.between(220, 380);
        stem(s, POT_X + s.between(-60, 60), POT_Y, x1, y1, 4, '#7f9a72');
        const buds = Array.from(
          { length: 6 },
          (_, k) =>
            `<ellipse cx="${f(x1 + s.between(-3, 3))}" cy="${f(y1 - k * 14)}" rx="${f(9 - k * 0.8)}" ry="9" fill="${s.ball('#cdb6f2', '#8a6ad0', '#4e3490', '40%', '30%')}"/>`,
        ).join('');
        s.add(buds);
      }
      for (let i = 0; i < 14; i++)
        leaf(s, POT_X + s.between(-110, 110), POT_Y, s.between(-70, 70), s.between(80, 120), 16, '#8fa88a', '#e8efe4');
      break;
    case 'coneflower':
      for (const [x, y] of [
        [290, 260],
        [420, 200],
        [530, 290],
      ] as const) {
        stem(s, POT_X + (x - POT_X) * 0.3, POT_Y, x, y, 7);
        const petals = Array.from(
          { length: 14 },
          (_, k) =>
            `<path d="${leafPath(85, 26)}" transform="rotate(${f(90 + ((k - 6.5) / 14) * 260)}) scale(1 ${k % 2 ? 0.9 : 1})" fill="${s.ball('#ffc2e0', '#e06aa8', '#a83a78', '50%', '90%')}"/>`,
        ).join('');
        s.add(`<g transform="${at(x, y)}">${petals}</g>`);
        s.add(
          `<ellipse cx="${x}" cy="${y - 10}" rx="38" ry="30" fill="${s.ball('#e88a3a', '#b0521a', '#5a2a0a', '40%', '35%')}"/>`,
        );
      }
      for (let i = 0; i < 8; i++)
        leaf(s, POT_X + s.between(-90, 90), POT_Y, s.between(-65, 65), s.between(110, 150), 50, '#4f8a34');
      break;
    case 'raspberry':
      for (const [dx, h] of [
        [-60, 380],
        [10, 440],
        [70, 360],
      ] as const) {
        stem(s, POT_X + dx * 0.4, POT_Y, POT_X + dx, POT_Y - h, 10, '#8a5a3a');
        for (let k = 0; k < 4; k++) {
          const y = POT_Y - h * (0.35 + k * 0.17);
          const side = k % 2 ? 1 : -1;
          leaf(s, POT_X + dx * (0.5 + k * 0.15), y, side * 60, 90, 60, '#4f9a3a');
        }
        const bx = POT_X + dx + 30;
        const by = POT_Y - h * 0.55;
        const drupes = Array.from(
          { length: 10 },
          (_, k) =>
            `<circle cx="${f(bx + (k % 3) * 9 - 9)}" cy="${f(by + Math.floor(k / 3) * 9)}" r="6" fill="${s.ball('#ff8a9a', '#d81e4a', '#7a0a24')}"/>`,
        ).join('');
        s.add(drupes);
      }
      break;
    case 'strawberry': {
      for (let i = 0; i < 7; i++) {
        const a = -75 + i * 25 + s.between(-8, 8);
        const reach = s.between(100, 170);
        const group = [-32, 0, 32]
          .map(
            (r) =>
              `<g transform="translate(0 ${f(-reach)}) rotate(${r})"><path d="${leafPath(80, 62)}" fill="${glossy('#a8e07a', '#4a9a36', '#1f5a1c')}"/><path d="M0 0V-70" stroke="#e0f3c8" stroke-width="2.5" opacity=".6"/></g>`,
          )
          .join('');
        s.add(
          `<g transform="${at(POT_X + s.between(-40, 40), POT_Y, a)}"><path d="M0 0Q8 ${f(-reach / 2)} 0 ${f(-reach)}" stroke="#5a8a34" stroke-width="5" fill="none"/>${group}</g>`,
        );
      }
      s.add(
        `<path d="M${POT_X + 90} ${POT_Y}Q${POT_X + 170} ${POT_Y + 30} ${POT_X + 170} ${POT_Y + 110}M${POT_X - 80} ${POT_Y}Q${POT_X - 150} ${POT_Y + 40} ${POT_X - 155} ${POT_Y + 90}" stroke="#5a8a34" stroke-width="4" fill="none"/>`,
      );
      strawberry(s, POT_X + 170, POT_Y + 140, 10, 62);
      strawberry(s, POT_X - 155, POT_Y + 120, -15, 56);
      potRim(s, POT_X, POT_Y, POT_W);
      flowerHead(s, POT_X + 40, POT_Y - 170, 24, 5, ['#ffffff', '#fbfbf4', '#d8d8c8'], '#f2c21b');
      break;
    }
  }
}

function drawTray(s: Sketch, plant: 'kale' | 'pepper') {
  backdrop(s, 'wood');
  s.shadow(400, 735, 320, 30, 0.35);
  s.add(
    `<path d="M110 560L690 560L730 720Q400 740 70 720Z" fill="${s.linear(['#3a3a3a', '#1f1f1f'])}"/>`,
    `<path d="M70 720Q400 740 730 720V745Q400 765 70 745Z" fill="#151515"/>`,
  );
  const leafFill =
    plant === 'kale'
      ? s.ball('#b8d8c0', '#5a8a7a', '#2a4a40', '40%', '30%')
      : s.ball('#b8ec8a', '#4fa03a', '#24601a', '40%', '30%');
  for (let row = 0; row < 3; row++) {
    const y = 590 + row * 52;
    const count = 6;
    const left = 140 - row * 18;
    const step = (520 + row * 36) / (count - 1);
    for (let i = 0; i < count; i++) {
      const x = left + i * step;
      s.add(`<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(36 + row * 4)}" ry="${f(13 + row * 2)}" fill="#2a1c12"/>`);
      const height = s.between(70, 110) + row * 8;
      stem(s, x, y, x + s.between(-8, 8), y - height, 5, '#7aa858');
      for (const side of [-1, 1]) {
        s.add(
          `<g transform="${at(x, y - height, side * s.between(50, 75))}"><path d="${leafPath(plant === 'kale' ? 60 : 48, plant === 'kale' ? 40 : 30)}" fill="${leafFill}"/></g>`,
        );
      }
      s.add(
        `<g transform="${at(x, y - height, s.between(-10, 10))}"><path d="${leafPath(38, 24)}" fill="${leafFill}"/></g>`,
      );
    }
  }
}

/** The SVG of a listing's picture; `seed` varies the small details between pictures. */
export function listingSvg(picture: Picture, seed: number): string {
  const s = new Sketch(seededRandom(seed));
  switch (picture.kind) {
    case 'produce': {
      const { surface, draw } = PRODUCE[picture.subject];
      backdrop(s, surface);
      draw(s);
      break;
    }
    case 'packet':
      drawPacket(s, picture.subject, picture.label, picture.band, picture.seed);
      break;
    case 'pot':
      drawPotPlant(s, picture.plant);
      break;
    case 'tray':
      drawTray(s, picture.plant);
      break;
  }
  return s.svg(800);
}

/** A profile picture: the member's initials on a coloured disc, with a leaf behind them. */
export function avatarSvg(initials: string, hue: number): string {
  const s = new Sketch(seededRandom(hue));
  const disc = s.ball(`hsl(${hue} 60% 72%)`, `hsl(${hue} 48% 52%)`, `hsl(${hue} 50% 34%)`, '35%', '25%');
  s.add(`<rect width="400" height="400" fill="${disc}"/>`);
  s.add(
    `<g transform="${at(300, 390, -35)}" opacity=".22"><path d="${leafPath(300, 190)}" fill="#fff"/><path d="M0 0Q8 -150 0 -280" stroke="hsl(${hue} 50% 34%)" stroke-width="6" fill="none"/></g>`,
  );
  s.add(
    `<text x="200" y="250" text-anchor="middle" ${FONT} font-size="150" font-weight="bold" fill="#fff" fill-opacity=".95">${escapeXml(initials)}</text>`,
  );
  return s.svg(400, 400);
}

/** Rasterises an SVG to PNG, the kind of file a member would upload. */
export function renderPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}
