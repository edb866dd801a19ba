import type { FakerEntry } from "./faker-entry.ts";
import { fromList, joinedLists, localeList } from "./list-entries.ts";
import { pickDraw } from "./locale-draw.ts";
import { distinctWords } from "./table-draws.ts";
import * as w from "./word-lists.ts";

/** The expression table's food and drink: Food, Beer, Coffee, Tea, Dessert and Restaurant. */

/** Every word's first letter in upper case, as faker's food.dish gives its dishes. */
const titleCase = (s: string): string =>
  s
    .split(" ")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");

export const FOOD_METHODS: Readonly<Record<string, FakerEntry>> = {
  "Food.ingredient": localeList("food.ingredient", (f) => f.food.ingredient()),
  "Food.spice": localeList("food.spice", (f) => f.food.spice()),
  "Food.dish": {
    faker: (f) => f.food.dish(),
    // Half the time a dish of the pattern list, half the time one of the list, each word capitalised.
    compiled: (k) => {
      const pattern = k.list("food.dish_pattern");
      const dish = k.withText("title", titleCase).list("food.dish");
      return pattern && dish && pickDraw([(rnd) => titleCase(pattern(rnd)), dish]);
    },
  },
  "Food.fruit": localeList("food.fruit", (f) => f.food.fruit()),
  "Food.vegetable": localeList("food.vegetable", (f) => f.food.vegetable()),
  "Food.sushi": fromList(w.FOOD.sushi),
  "Food.allergen": fromList(w.FOOD.allergen),
  "Food.measurement": joinedLists(" ", w.FOOD.measurement, w.FOOD.measurementUnit),
  "Beer.brand": fromList(w.DRINKS.beerBrand),
  "Beer.name": joinedLists(" ", w.DRINKS.beerBrand, w.DRINKS.beerStyle),
  "Beer.style": fromList(w.DRINKS.beerStyle),
  "Beer.hop": fromList(w.DRINKS.hop),
  "Beer.yeast": fromList(w.DRINKS.yeast),
  "Beer.malt": fromList(w.DRINKS.malt),
  "Coffee.country": fromList(w.DRINKS.coffeeCountry),
  "Coffee.variety": fromList(w.DRINKS.coffeeVariety),
  "Coffee.notes": {
    faker: (f) => f.helpers.arrayElements(w.DRINKS.coffeeNote, { min: 2, max: 3 }).join(", "),
    compiled: () => distinctWords(w.DRINKS.coffeeNote, 2, 3, ", "),
  },
  "Coffee.body": fromList(w.DRINKS.coffeeBody),
  "Coffee.blendName": joinedLists(" ", w.DRINKS.coffeeName, w.DRINKS.coffeeBlend),
  "Tea.variety": fromList(w.DRINKS.teaVariety),
  "Tea.type": fromList(w.DRINKS.teaType),
  "Dessert.variety": fromList(w.DRINKS.dessertVariety),
  "Dessert.topping": fromList(w.DRINKS.dessertTopping),
  "Dessert.flavor": fromList(w.DRINKS.dessertFlavor),
  "Restaurant.name": joinedLists(" ", w.MISC.restaurantPrefix, w.MISC.restaurantSuffix),
  "Restaurant.namePrefix": fromList(w.MISC.restaurantPrefix),
  "Restaurant.nameSuffix": fromList(w.MISC.restaurantSuffix),
  "Restaurant.type": fromList(w.MISC.restaurantType),
};
