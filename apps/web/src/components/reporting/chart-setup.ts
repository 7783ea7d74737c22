import {
  ArcElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

/**
 * Chart.js, registered once with only the parts the reporting charts draw (tree-shaken otherwise).
 * Fonts follow the app's; the legend is our own HTML (spec 3 §9 hides it by a rule of ours).
 */
Chart.register(
  LineController,
  LineElement,
  PointElement,
  LinearScale,
  CategoryScale,
  Filler,
  DoughnutController,
  ArcElement,
  Tooltip,
);
Chart.defaults.font.family = getComputedStyle(document.body).fontFamily || 'sans-serif';
// Print re-lays the page at A4 width: charts redraw to fit it (Chart.js listens for resizes).
Chart.defaults.maintainAspectRatio = false;

/**
 * Whether this browser can draw on a canvas. Where it cannot (happy-dom in the unit tests, a locked-down
 * browser), the charts show their text alternative instead of a Chart.js that failed to start.
 */
export const canDrawCharts = Boolean(document.createElement('canvas').getContext?.('2d'));
