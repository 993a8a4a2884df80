// Engine-neutral values to and from PostgreSQL's wire types: text→text, int→int8, bool→bool,
// double→float8, date→timestamptz, null→NULL (its type inferred by the server); and each result
// cell back by its column type (integers, floats and numerics, booleans, timestamps; anything
// else as text).
import Foundation
import PostgresNIO
import ServerCore

extension SQLValue {
    /// Appends this value to `bindings` as its PostgreSQL type.
    func bind(into bindings: inout PostgresBindings) {
        switch self {
        case .null: bindings.appendNull()
        case .text(let s): bindings.append(s)
        case .int(let i): bindings.append(i)
        case .bool(let b): bindings.append(b)
        case .double(let d): bindings.append(d)
        case .date(let d): bindings.append(d)
        }
    }

    /// The value of one result cell, by its column's type; throws `StoreError.badColumn` when the
    /// bytes do not decode as that type.
    init(cell: PostgresCell) throws {
        guard cell.bytes != nil else {
            self = .null
            return
        }
        do {
            switch cell.dataType {
            case .text, .varchar, .name, .bpchar:
                self = .text(try cell.decode(String.self))
            case .int2, .int4, .int8:
                self = .int(try cell.decode(Int.self))
            case .bool:
                self = .bool(try cell.decode(Bool.self))
            case .float4, .float8:
                self = .double(try cell.decode(Double.self))
            case .numeric:
                self = .double(NSDecimalNumber(decimal: try cell.decode(Decimal.self)).doubleValue)
            case .timestamptz, .timestamp:
                self = .date(try cell.decode(Date.self))
            default:
                self = .text(try cell.decode(String.self))
            }
        } catch {
            throw StoreError.badColumn(cell.columnName)
        }
    }
}
