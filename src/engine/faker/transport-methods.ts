import type { FakerEntry } from "./faker-entry.ts";
import * as g from "./generators.ts";
import { fromList, joinedLists, localeColumn, localeList } from "./list-entries.ts";
import { digitRun, joinDraws, pickDraw, symbolFormat } from "./locale-draw.ts";
import { vinDraw } from "./vin-draw.ts";
import * as w from "./word-lists.ts";

/** The expression table's vehicles and flights: Vehicle and Aviation. */

export const TRANSPORT_METHODS: Readonly<Record<string, FakerEntry>> = {
  "Vehicle.vin": { faker: g.vin, compiled: vinDraw, doc: "17 characters with a valid check digit" },
  "Vehicle.manufacturer": localeList("vehicle.manufacturer", (f) => f.vehicle.manufacturer()),
  "Vehicle.make": localeList("vehicle.manufacturer", (f) => f.vehicle.manufacturer()),
  "Vehicle.model": localeList("vehicle.model", (f) => f.vehicle.model()),
  "Vehicle.makeAndModel": {
    faker: (f) => f.vehicle.vehicle(),
    compiled: (k) => joinDraws(k.list("vehicle.manufacturer"), " ", k.list("vehicle.model")),
  },
  "Vehicle.style": fromList(w.VEHICLE.style),
  "Vehicle.color": localeList("color.human", (f) => f.vehicle.color()),
  "Vehicle.upholsteryColor": fromList(w.VEHICLE.upholsteryColor),
  "Vehicle.upholsteryFabric": fromList(w.VEHICLE.upholsteryFabric),
  "Vehicle.upholstery": joinedLists(" ", w.VEHICLE.upholsteryColor, w.VEHICLE.upholsteryFabric),
  "Vehicle.transmission": fromList(w.VEHICLE.transmission),
  "Vehicle.driveType": fromList(w.VEHICLE.driveType),
  "Vehicle.fuelType": localeList("vehicle.fuel", (f) => f.vehicle.fuel()),
  "Vehicle.carType": localeList("vehicle.type", (f) => f.vehicle.type()),
  "Vehicle.engine": joinedLists(" ", w.VEHICLE.engineCylinders, ["Cylinder Engine"]),
  "Vehicle.doors": fromList(w.VEHICLE.doors),
  "Vehicle.licensePlate": {
    faker: g.licensePlate,
    compiled: () => pickDraw(g.LICENSE_PLATES.map((f) => symbolFormat(f, "#?"))),
    doc: "US-style plate such as ABC-1234",
  },
  "Aviation.aircraft": localeColumn("airline.airplane", "name", (f) => f.airline.airplane().name),
  "Aviation.airport": localeColumn("airline.airport", "iataCode", (f) => f.airline.airport().iataCode),
  "Aviation.airportName": localeColumn("airline.airport", "name", (f) => f.airline.airport().name),
  "Aviation.airline": localeColumn("airline.airline", "name", (f) => f.airline.airline().name),
  "Aviation.flight": {
    faker: (f) => `${f.airline.airline().iataCode}${f.airline.flightNumber()}`,
    // An airline's IATA code and a flight number of 1-4 digits, its first not 0.
    compiled: (k) =>
      joinDraws(
        k.column("airline.airline", "iataCode"),
        pickDraw([1, 2, 3, 4].map((n) => digitRun(n, false))),
      ),
  },
};
