import type { DeskAdsEntityStatus } from '../port';
import type { Maybe, WireDate } from './wire-types';

/**
 * Conversions between the deskads port and the platform's wire values: statuses both ways, dates
 * (the platform's `{ Year, Month, Day }` objects and date-times), time zones (its own names for
 * them, to IANA zones). Amounts are decimal numbers in the account's currency on both sides (the
 * platform takes no micros); DeskAdsLiveContext.amount rounds them to the currency's minor unit.
 */

/** `{ Year, Month, Day }` as YYYY-MM-DD; undefined for a missing date. */
export function dateFrom(date: Maybe<WireDate>): string | undefined {
  if (!date?.Year || !date.Month || !date.Day) return undefined;
  return `${String(date.Year).padStart(4, '0')}-${String(date.Month).padStart(2, '0')}-${String(date.Day).padStart(2, '0')}`;
}

/** YYYY-MM-DD as the platform's `{ Year, Month, Day }`. */
export function dateWire(date: string): { Year: number; Month: number; Day: number } {
  const [y, m, d] = date.split('-').map(Number);
  return { Year: y!, Month: m!, Day: d! };
}

/**
 * A campaign's status as the port's: the platform's own pauses for budget keep what the advertiser
 * set (BudgetPaused: Active; BudgetAndManualPaused: Paused); a suspended campaign does not serve
 * and reads as Paused.
 */
export function campaignStatusFrom(status: Maybe<string>): DeskAdsEntityStatus {
  switch (status) {
    case 'Active':
    case 'BudgetPaused':
      return 'Active';
    case 'Deleted':
      return 'Deleted';
    default:
      return 'Paused';
  }
}

/** An ad group's, keyword's or ad's status: Expired (past its end date) and Inactive do not serve and read as Paused. */
export function entityStatusFrom(status: Maybe<string>): DeskAdsEntityStatus {
  return status === 'Active' ? 'Active' : status === 'Deleted' ? 'Deleted' : 'Paused';
}

/**
 * The platform's time zone names (TimeZoneType) as IANA zones, for the account's reporting days.
 * A name missing here (the platform adds one rarely) falls back to UTC.
 */
export const TIME_ZONES: Record<string, string> = {
  Nukualofa: 'Pacific/Tongatapu',
  FijiKamchatkaMarshallIsland: 'Pacific/Fiji',
  AucklandWellington: 'Pacific/Auckland',
  SolomonIslandNewCaledonia: 'Pacific/Guadalcanal',
  MagadanSolomonIslandNewCaledonia: 'Asia/Magadan',
  Vladivostok: 'Asia/Vladivostok',
  Hobart: 'Australia/Hobart',
  GuamPortMoresby: 'Pacific/Port_Moresby',
  CanberraMelbourneSydney: 'Australia/Sydney',
  Brisbane: 'Australia/Brisbane',
  Darwin: 'Australia/Darwin',
  Adelaide: 'Australia/Adelaide',
  Yakutsk: 'Asia/Yakutsk',
  Seoul: 'Asia/Seoul',
  OsakaSapporoTokyo: 'Asia/Tokyo',
  Taipei: 'Asia/Taipei',
  Perth: 'Australia/Perth',
  KualaLumpurSingapore: 'Asia/Singapore',
  IrkutskUlaanBataar: 'Asia/Irkutsk',
  BeijingChongqingHongKongUrumqi: 'Asia/Shanghai',
  Krasnoyarsk: 'Asia/Krasnoyarsk',
  BangkokHanoiJakarta: 'Asia/Bangkok',
  Rangoon: 'Asia/Yangon',
  SriJayawardenepura: 'Asia/Colombo',
  AstanaDhaka: 'Asia/Dhaka',
  AlmatyNovosibirsk: 'Asia/Almaty',
  Kathmandu: 'Asia/Kathmandu',
  ChennaiKolkataMumbaiNewDelhi: 'Asia/Kolkata',
  IslamabadKarachiTashkent: 'Asia/Karachi',
  Ekaterinburg: 'Asia/Yekaterinburg',
  Kabul: 'Asia/Kabul',
  BakuTbilisiYerevan: 'Asia/Baku',
  AbuDhabiMuscat: 'Asia/Dubai',
  Tehran: 'Asia/Tehran',
  Nairobi: 'Africa/Nairobi',
  MoscowStPetersburgVolgograd: 'Europe/Moscow',
  KuwaitRiyadh: 'Asia/Riyadh',
  Baghdad: 'Asia/Baghdad',
  Jerusalem: 'Asia/Jerusalem',
  HelsinkiKyivRigaSofiaTallinnVilnius: 'Europe/Helsinki',
  HararePretoria: 'Africa/Johannesburg',
  Cairo: 'Africa/Cairo',
  Bucharest: 'Europe/Bucharest',
  AthensBuckarestIstanbul: 'Europe/Athens',
  WestCentralAfrica: 'Africa/Lagos',
  SarajevoSkopjeWarsawZagreb: 'Europe/Warsaw',
  BrusselsCopenhagenMadridParis: 'Europe/Paris',
  BelgradeBratislavaBudapestLjubljanaPrague: 'Europe/Budapest',
  AmsterdamBerlinBernRomeStockholmVienna: 'Europe/Berlin',
  CasablancaMonrovia: 'Africa/Casablanca',
  GreenwichMeanTimeDublinEdinburghLisbonLondon: 'Europe/London',
  Azores: 'Atlantic/Azores',
  CapeVerdeIsland: 'Atlantic/Cape_Verde',
  MidAtlantic: 'Atlantic/South_Georgia',
  Brasilia: 'America/Sao_Paulo',
  BuenosAiresGeorgetown: 'America/Argentina/Buenos_Aires',
  Greenland: 'America/Nuuk',
  Newfoundland: 'America/St_Johns',
  AtlanticTimeCanada: 'America/Halifax',
  CaracasLaPaz: 'America/Caracas',
  Santiago: 'America/Santiago',
  BogotaLimaQuito: 'America/Bogota',
  EasternTimeUSCanada: 'America/New_York',
  IndianaEast: 'America/Indiana/Indianapolis',
  CentralAmerica: 'America/Guatemala',
  CentralTimeUSCanada: 'America/Chicago',
  GuadalajaraMexicoCityMonterrey: 'America/Mexico_City',
  Saskatchewan: 'America/Regina',
  Arizona: 'America/Phoenix',
  ChihuahuaLaPazMazatlan: 'America/Mazatlan',
  MountainTimeUSCanada: 'America/Denver',
  PacificTimeUSCanadaTijuana: 'America/Los_Angeles',
  Alaska: 'America/Anchorage',
  Hawaii: 'Pacific/Honolulu',
  MidwayIslandAndSamoa: 'Pacific/Pago_Pago',
  InternationalDateLineWest: 'Etc/GMT+12',
};

export const timeZoneOf = (name: Maybe<string>): string => (name && TIME_ZONES[name]) || 'UTC';
