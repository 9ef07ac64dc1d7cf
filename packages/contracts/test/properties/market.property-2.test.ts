import { marketProperty } from './market-property';

marketProperty(1);
