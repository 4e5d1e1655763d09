/**
 * A small offline country table for the address form: dialling codes, and
 * states with cities for the countries the house ships to most. Written for
 * this site (no third-party dataset); a country without states takes a
 * free-text state and city.
 */
interface CountryWithStates {
  name: string;
  isoCode2: string;
  phoneCode: string;
  states: Record<string, string[]>;
}

export const COUNTRIES: CountryWithStates[] = [
  {
    name: "Vietnam",
    isoCode2: "VN",
    phoneCode: "+84",
    states: {
      "Ho Chi Minh City": ["District 1", "District 3", "District 7", "Thu Duc", "Binh Thanh", "Phu Nhuan"],
      Hanoi: ["Ba Dinh", "Hoan Kiem", "Tay Ho", "Cau Giay", "Dong Da", "Hai Ba Trung"],
      "Da Nang": ["Hai Chau", "Son Tra", "Ngu Hanh Son", "Thanh Khe"],
      "Khanh Hoa": ["Nha Trang", "Cam Ranh"],
      "Lam Dong": ["Da Lat", "Bao Loc"],
    },
  },
  {
    name: "United States",
    isoCode2: "US",
    phoneCode: "+1",
    states: {
      California: ["Los Angeles", "San Francisco", "San Diego", "San Jose"],
      "New York": ["New York City", "Buffalo", "Rochester"],
      Texas: ["Houston", "Dallas", "Austin"],
      Florida: ["Miami", "Orlando", "Tampa"],
      Washington: ["Seattle", "Spokane"],
    },
  },
  {
    name: "France",
    isoCode2: "FR",
    phoneCode: "+33",
    states: {
      "Île-de-France": ["Paris", "Versailles", "Boulogne-Billancourt"],
      "Provence-Alpes-Côte d'Azur": ["Marseille", "Nice", "Cannes"],
      "Auvergne-Rhône-Alpes": ["Lyon", "Grenoble"],
    },
  },
  {
    name: "United Kingdom",
    isoCode2: "GB",
    phoneCode: "+44",
    states: {
      England: ["London", "Manchester", "Birmingham", "Liverpool"],
      Scotland: ["Edinburgh", "Glasgow"],
      Wales: ["Cardiff", "Swansea"],
    },
  },
  {
    name: "Japan",
    isoCode2: "JP",
    phoneCode: "+81",
    states: { Tokyo: ["Shibuya", "Shinjuku", "Minato", "Chiyoda"], Osaka: ["Osaka", "Sakai"], Kyoto: ["Kyoto"] },
  },
  {
    name: "South Korea",
    isoCode2: "KR",
    phoneCode: "+82",
    states: { Seoul: ["Gangnam", "Jongno", "Mapo"], Busan: ["Haeundae", "Busanjin"] },
  },
  { name: "Singapore", isoCode2: "SG", phoneCode: "+65", states: { Singapore: ["Singapore"] } },
  {
    name: "Australia",
    isoCode2: "AU",
    phoneCode: "+61",
    states: { "New South Wales": ["Sydney", "Newcastle"], Victoria: ["Melbourne", "Geelong"], Queensland: ["Brisbane", "Gold Coast"] },
  },
  {
    name: "Thailand",
    isoCode2: "TH",
    phoneCode: "+66",
    states: { Bangkok: ["Bangkok"], "Chiang Mai": ["Chiang Mai"], Phuket: ["Phuket"] },
  },
  {
    name: "China",
    isoCode2: "CN",
    phoneCode: "+86",
    states: { Shanghai: ["Shanghai"], Beijing: ["Beijing"], Guangdong: ["Guangzhou", "Shenzhen"] },
  },
  {
    name: "Hong Kong",
    isoCode2: "HK",
    phoneCode: "+852",
    states: { "Hong Kong Island": ["Central", "Wan Chai"], Kowloon: ["Tsim Sha Tsui", "Mong Kok"] },
  },
  {
    name: "United Arab Emirates",
    isoCode2: "AE",
    phoneCode: "+971",
    states: { Dubai: ["Dubai"], "Abu Dhabi": ["Abu Dhabi", "Al Ain"] },
  },
  {
    name: "Italy",
    isoCode2: "IT",
    phoneCode: "+39",
    states: { Lombardy: ["Milan", "Bergamo"], Lazio: ["Rome"], Tuscany: ["Florence", "Pisa"] },
  },
];
