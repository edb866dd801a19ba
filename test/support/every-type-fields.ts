/**
 * A field of every rowforge type (one nullable text field, decimals of two widths, a nested
 * struct), as task YAML under a step's `fields:`: for tests that go through every type.
 */
export const EVERY_TYPE_FIELDS = `      - {name: s, options: {regex: "[a-z]{3,8}", enableNull: true, nullProb: 0.2}}
      - {name: i, type: int}
      - {name: l, type: long}
      - {name: sh, type: short}
      - {name: b, type: byte}
      - {name: d, type: double}
      - {name: f, type: float}
      - {name: dec, type: "decimal(10,2)"}
      - {name: big, type: "decimal(30,4)"}
      - {name: flag, type: boolean}
      - {name: day, type: date}
      - {name: ts, type: timestamp}
      - {name: bin, type: binary}
      - {name: tags, type: "array<string>"}
      - {name: attrs, type: "map<string,int>"}
      - name: nested
        fields:
          - {name: x, type: int}
          - {name: y, options: {regex: "[A-Z]{2}"}}
`;
