import { marketProperty } from './market-property';

marketProperty(0);
