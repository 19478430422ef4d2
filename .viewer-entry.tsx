import { parseDashboard, WIDGET_VIEWS } from './src/entries/space';
console.log(parseDashboard, WIDGET_VIEWS);
