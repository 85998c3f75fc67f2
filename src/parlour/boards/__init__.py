"""The three board games of the seeds: Sixteen Soldiers, meusueb and Pachisi."""
