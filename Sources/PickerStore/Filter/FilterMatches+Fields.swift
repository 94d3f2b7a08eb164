extension FilterMatches {
    /// The matches as printed with `fields`: each name cut to the fields `--accept-nth` takes,
    /// its colours taken out with `--ansi` (the lines made friends for it), or as they are.
    package func printing(_ fields: NameFields) -> FilterMatches {
        guard !fields.printsWholeName else { return self }
        let friends =
            switch self {
            case .friends(let friends): friends
            case .lines(let lines): lines.friends
            }
        return .friends(
            friends.map { friend in
                var printed = friend
                printed.name = fields.printedText(friend.name)
                return printed
            })
    }
}
