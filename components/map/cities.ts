/** A small built-in list of places for search without any network (name, lat, lng, place type). */
export interface City {
  name: string;
  lat: number;
  lng: number;
  placeType: string;
}

export const CITIES: City[] = [
  { name: "Lisbon, Miradouro de Santa Luzia", lat: 38.7116, lng: -9.13, placeType: "viewpoint" },
  { name: "London, Hyde Park", lat: 51.5073, lng: -0.1657, placeType: "park" },
  { name: "New York, Central Park", lat: 40.7829, lng: -73.9654, placeType: "park" },
  { name: "Tokyo, Shinjuku Gyoen", lat: 35.6852, lng: 139.71, placeType: "park" },
  { name: "Sydney, Bondi Beach", lat: -33.8915, lng: 151.2767, placeType: "beach" },
  { name: "Cape Town, Table Mountain", lat: -33.9628, lng: 18.4098, placeType: "trailhead" },
  { name: "Reykjavík, Harpa", lat: 64.1503, lng: -21.9327, placeType: "venue" },
  { name: "Amsterdam", lat: 52.3676, lng: 4.9041, placeType: "city" },
  { name: "Athens", lat: 37.9838, lng: 23.7275, placeType: "city" },
  { name: "Bangkok", lat: 13.7563, lng: 100.5018, placeType: "city" },
  { name: "Barcelona", lat: 41.3874, lng: 2.1686, placeType: "city" },
  { name: "Berlin", lat: 52.52, lng: 13.405, placeType: "city" },
  { name: "Buenos Aires", lat: -34.6037, lng: -58.3816, placeType: "city" },
  { name: "Cairo", lat: 30.0444, lng: 31.2357, placeType: "city" },
  { name: "Chicago", lat: 41.8781, lng: -87.6298, placeType: "city" },
  { name: "Copenhagen", lat: 55.6761, lng: 12.5683, placeType: "city" },
  { name: "Delhi", lat: 28.6139, lng: 77.209, placeType: "city" },
  { name: "Dubai", lat: 25.2048, lng: 55.2708, placeType: "city" },
  { name: "Dublin", lat: 53.3498, lng: -6.2603, placeType: "city" },
  { name: "Edinburgh", lat: 55.9533, lng: -3.1883, placeType: "city" },
  { name: "Hong Kong", lat: 22.3193, lng: 114.1694, placeType: "city" },
  { name: "Istanbul", lat: 41.0082, lng: 28.9784, placeType: "city" },
  { name: "Jakarta", lat: -6.2088, lng: 106.8456, placeType: "city" },
  { name: "Johannesburg", lat: -26.2041, lng: 28.0473, placeType: "city" },
  { name: "Kyoto", lat: 35.0116, lng: 135.7681, placeType: "city" },
  { name: "Lima", lat: -12.0464, lng: -77.0428, placeType: "city" },
  { name: "Los Angeles", lat: 34.0522, lng: -118.2437, placeType: "city" },
  { name: "Madrid", lat: 40.4168, lng: -3.7038, placeType: "city" },
  { name: "Marrakesh", lat: 31.6295, lng: -7.9811, placeType: "city" },
  { name: "Melbourne", lat: -37.8136, lng: 144.9631, placeType: "city" },
  { name: "Mexico City", lat: 19.4326, lng: -99.1332, placeType: "city" },
  { name: "Milan", lat: 45.4642, lng: 9.19, placeType: "city" },
  { name: "Montreal", lat: 45.5017, lng: -73.5673, placeType: "city" },
  { name: "Mumbai", lat: 19.076, lng: 72.8777, placeType: "city" },
  { name: "Munich", lat: 48.1351, lng: 11.582, placeType: "city" },
  { name: "Nairobi", lat: -1.2921, lng: 36.8219, placeType: "city" },
  { name: "Oslo", lat: 59.9139, lng: 10.7522, placeType: "city" },
  { name: "Paris", lat: 48.8566, lng: 2.3522, placeType: "city" },
  { name: "Prague", lat: 50.0755, lng: 14.4378, placeType: "city" },
  { name: "Rio de Janeiro", lat: -22.9068, lng: -43.1729, placeType: "city" },
  { name: "Rome", lat: 41.9028, lng: 12.4964, placeType: "city" },
  { name: "Rouen", lat: 49.4432, lng: 1.0999, placeType: "city" },
  { name: "San Francisco", lat: 37.7749, lng: -122.4194, placeType: "city" },
  { name: "Santiago", lat: -33.4489, lng: -70.6693, placeType: "city" },
  { name: "Seoul", lat: 37.5665, lng: 126.978, placeType: "city" },
  { name: "Singapore", lat: 1.3521, lng: 103.8198, placeType: "city" },
  { name: "Stockholm", lat: 59.3293, lng: 18.0686, placeType: "city" },
  { name: "Toronto", lat: 43.6532, lng: -79.3832, placeType: "city" },
  { name: "Vancouver", lat: 49.2827, lng: -123.1207, placeType: "city" },
  { name: "Vienna", lat: 48.2082, lng: 16.3738, placeType: "city" },
  { name: "Zurich", lat: 47.3769, lng: 8.5417, placeType: "city" },
];

/** Case- and accent-insensitive search by name. */
export function searchCities(q: string, limit = 8): City[] {
  const norm = (s: string) =>
    s
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase();
  const n = norm(q.trim());
  if (!n) return [];
  return CITIES.filter((c) => norm(c.name).includes(n))
    .sort((a, b) => Number(!norm(a.name).startsWith(n)) - Number(!norm(b.name).startsWith(n)))
    .slice(0, limit);
}
